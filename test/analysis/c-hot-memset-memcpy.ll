; Rule 3 (write-hot through memory intrinsics): in its busy loop the worker
; clears @scratch with memset and copies @tmpl into @snap with memcpy. The
; destinations are written on every iteration: write-hot. The memcpy source
; @tmpl is only read (never written): read-mostly.
;
;   static char scratch[64], snap[64], tmpl[64] = "template";
;   static void *worker(void *a) { for (int i = 0; i < 1000; ++i) {
;     memset(scratch, 0, 64); memcpy(snap, tmpl, 64); } return 0; }
;   int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0); pthread_join(t, 0); return snap[0] + scratch[0]; }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK-DAG: "class":"write-hot","name":"scratch","reads":1,"reason":"written while threads run: memory intrinsic in worker (thread entry) in a loop"
; CHECK-DAG: "class":"write-hot","name":"snap","reads":1,"reason":"written while threads run: memory intrinsic in worker (thread entry) in a loop"
; CHECK-DAG: "class":"read-mostly","name":"tmpl","reads":1,"reason":"never written; read by llvm.memcpy.p0.p0.i64() in worker (thread entry) in a loop","size":64,"writes":[]

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@scratch = internal global [64 x i8] zeroinitializer, align 16
@snap = internal global [64 x i8] zeroinitializer, align 16
@tmpl = internal global [64 x i8] c"template\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00", align 16

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @llvm.memset.p0.i64(ptr align 16 @scratch, i8 0, i64 64, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 @snap, ptr align 16 @tmpl, i64 64, i1 false)
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
  %a = load i8, ptr @snap, align 16
  %b = load i8, ptr @scratch, align 16
  %a32 = sext i8 %a to i32
  %b32 = sext i8 %b to i32
  %s = add nsw i32 %a32, %b32
  ret i32 %s
}

declare void @llvm.memset.p0.i64(ptr nocapture writeonly, i8, i64, i1 immarg)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg)
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
