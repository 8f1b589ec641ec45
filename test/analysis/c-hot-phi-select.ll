; Rule 3 through phi and select: in the worker's loop one store goes
; through `select` of @even/@odd and another through a phi of @left/@right.
; Either global may be the one written, so all four are write-hot. @pick is
; only read (the select's condition comes from it, not an address): it is
; read-mostly, which shows the condition operand is no access of the
; selected globals.
;
;   static long even, odd, left, right; static int pick = 1;
;   static void *worker(void *a) { for (int i = 0; i < 1000; ++i) {
;     *(i & pick ? &odd : &even) = i;
;     long *p; if (i & 2) p = &left; else p = &right; *p = i; } return 0; }
;   int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK-DAG: "class":"write-hot","name":"even","reads":0,"reason":"written while threads run: store in worker (thread entry) in a loop"
; CHECK-DAG: "class":"write-hot","name":"odd","reads":0,"reason":"written while threads run: store in worker (thread entry) in a loop"
; CHECK-DAG: "class":"write-hot","name":"left","reads":0,"reason":"written while threads run: store in worker (thread entry) in a loop"
; CHECK-DAG: "class":"write-hot","name":"right","reads":0,"reason":"written while threads run: store in worker (thread entry) in a loop"
; CHECK-DAG: "class":"read-mostly","name":"pick","reads":1,"reason":"never written; read by load in worker (thread entry) in a loop"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@even = internal global i64 0, align 8
@odd = internal global i64 0, align 8
@left = internal global i64 0, align 8
@right = internal global i64 0, align 8
@pick = internal global i32 1, align 4

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %join ]
  %i64 = zext i32 %i to i64
  %pk = load i32, ptr @pick, align 4
  %m = and i32 %i, %pk
  %is.odd = icmp ne i32 %m, 0
  %sel = select i1 %is.odd, ptr @odd, ptr @even
  store i64 %i64, ptr %sel, align 8
  %bit2 = and i32 %i, 2
  %is.left = icmp ne i32 %bit2, 0
  br i1 %is.left, label %then, label %else

then:
  br label %join

else:
  br label %join

join:
  %p = phi ptr [ @left, %then ], [ @right, %else ]
  store i64 %i64, ptr %p, align 8
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 1000
  br i1 %done, label %exit, label %loop

exit:
  ret ptr null
}

define i32 @main() {
entry:
  %t = alloca i64, align 8
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
