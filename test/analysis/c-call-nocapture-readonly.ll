; Rule 4, negative (parameter attributes of an unknown function): the
; worker's loop passes @table to checksum, an external declaration whose
; parameter is `nocapture readonly`. The callee can neither keep the address
; nor write through it: the call is a read, no escape. @table, filled by
; main before pthread_create, is read-mostly.
;
;   static char table[256];
;   extern long checksum(const char *, long);   /* IR: ptr nocapture readonly */
;   static void *worker(void *a) { long n = 0; for (int i = 0; i < 1000; ++i) n += checksum(table, 256); return (void *)n; }
;   int main(void) { pthread_t t; memset(table, 1, 256); pthread_create(&t, 0, worker, 0); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK-NOT: "escape"
; CHECK: "class":"read-mostly","name":"table","reads":1,"reason":"written only at start-up (memory intrinsic in main before the first thread starts); read by checksum() in worker (thread entry) in a loop"
; CHECK-NOT: "escape"
; CHECK: "summary"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@table = internal global [256 x i8] zeroinitializer, align 16

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %n = phi i64 [ 0, %entry ], [ %n.next, %loop ]
  %s = call i64 @checksum(ptr @table, i64 256)
  %n.next = add i64 %n, %s
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 1000
  br i1 %done, label %exit, label %loop

exit:
  %r = inttoptr i64 %n.next to ptr
  ret ptr %r
}

define i32 @main() {
entry:
  %t = alloca i64, align 8
  call void @llvm.memset.p0.i64(ptr align 16 @table, i8 1, i64 256, i1 false)
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i64 @checksum(ptr nocapture readonly, i64)
declare void @llvm.memset.p0.i64(ptr nocapture writeonly, i8, i64, i1 immarg)
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
