; Regression (was a bug): KnownFunctions.cpp's table entry for qsort (callback(3, Synchronous))
; keeps the default ArgEffect::Read for argument 0, so
; PointerWalker::visitCall records qsort(base, ...) as a "call that reads".
; qsort permutes the array in place (so do qsort_r, and lsearch/tsearch
; write their arguments). The worker sorts @ranks in its busy loop, yet
; @ranks is reported read-mostly ("never written").
;
; qsort writes @ranks on every iteration of a busy loop of a thread entry:
; write-hot.
;
;   static int ranks[4] = {3, 1, 2, 0};
;   static int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
;   static void *worker(void *a) { long n = 0; for (int i = 0; i < 1000; ++i) { qsort(ranks, 4, sizeof(int), cmp); n += ranks[0]; } return (void *)n; }
;   int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK: "class":"write-hot","name":"ranks",{{.*}}"reason":"written while threads run: qsort() in worker (thread entry) in a loop"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ranks = internal global [4 x i32] [i32 3, i32 1, i32 2, i32 0], align 16

define internal i32 @cmp(ptr %a, ptr %b) {
entry:
  %x = load i32, ptr %a, align 4
  %y = load i32, ptr %b, align 4
  %d = sub nsw i32 %x, %y
  ret i32 %d
}

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %n = phi i64 [ 0, %entry ], [ %n.next, %loop ]
  call void @qsort(ptr @ranks, i64 4, i64 4, ptr @cmp)
  %r = load i32, ptr @ranks, align 16
  %r64 = sext i32 %r to i64
  %n.next = add i64 %n, %r64
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 1000
  br i1 %done, label %exit, label %loop

exit:
  %ret = inttoptr i64 %n.next to ptr
  ret ptr %ret
}

define i32 @main() {
entry:
  %t = alloca i64, align 8
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare void @qsort(ptr, i64, i64, ptr)
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
