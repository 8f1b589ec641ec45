; Rule 3 (write-hot: cmpxchg): the worker claims sequence numbers with a
; compare-and-swap retry loop on @seq. A cmpxchg at run time is
; synchronisation traffic: write-hot.
;
;   static _Atomic long seq;
;   static void *worker(void *a) { long v = seq;
;     while (!atomic_compare_exchange_weak(&seq, &v, v + 1)) ; return (void *)v; }
;   int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK: "class":"write-hot","name":"seq","reads":1,"reason":"written while threads run: cmpxchg in worker (thread entry) in a loop"
; CHECK-SAME: "context":"run-time",{{.*}}"function":"worker","function_role":"thread entry","kind":"cmpxchg","loop":"busy"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@seq = internal global i64 0, align 8

define internal ptr @worker(ptr %arg) {
entry:
  %v0 = load atomic i64, ptr @seq seq_cst, align 8
  br label %retry

retry:
  %v = phi i64 [ %v0, %entry ], [ %seen, %retry ]
  %v1 = add nsw i64 %v, 1
  %pair = cmpxchg weak ptr @seq, i64 %v, i64 %v1 seq_cst seq_cst, align 8
  %seen = extractvalue { i64, i1 } %pair, 0
  %ok = extractvalue { i64, i1 } %pair, 1
  br i1 %ok, label %exit, label %retry

exit:
  %r = inttoptr i64 %v to ptr
  ret ptr %r
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
