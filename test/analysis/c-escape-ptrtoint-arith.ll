; Rule 4 (skipped: an address made an integer and turned back into a
; pointer): the worker computes the address of cfg.limit as an integer,
; (uintptr_t)&cfg + 4, and stores through the inttoptr result in its loop.
; The walk does not follow addresses through integers back into pointers,
; so this hidden run-time write is invisible: the global must be skipped
; ("address turned back into a pointer (inttoptr)"), not read-mostly as its
; visible accesses (a store in main before pthread_create, loads in the
; worker) would suggest.
;
;   static struct { int mode, limit; } cfg;
;   static void *worker(void *a) { long n = 0; for (int i = 0; i < 1000; ++i) {
;     n += cfg.mode; *(int *)((uintptr_t)&cfg + 4) = i; } return (void *)n; }
;   int main(int argc, char **argv) { pthread_t t; cfg.mode = argc; pthread_create(&t, 0, worker, 0); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK: "class":"skipped","escape":"address turned back into a pointer (inttoptr) in worker","name":"cfg","reads":1,"reason":"address escapes: address turned back into a pointer (inttoptr) in worker"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.cfg = type { i32, i32 }

@cfg = internal global %struct.cfg zeroinitializer, align 4

define internal ptr @worker(ptr %arg) {
entry:
  %base = ptrtoint ptr @cfg to i64
  %addr = add i64 %base, 4
  %limit = inttoptr i64 %addr to ptr
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %n = phi i64 [ 0, %entry ], [ %n.next, %loop ]
  %m = load i32, ptr @cfg, align 4
  %m64 = sext i32 %m to i64
  %n.next = add i64 %n, %m64
  store i32 %i, ptr %limit, align 4
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 1000
  br i1 %done, label %exit, label %loop

exit:
  %r = inttoptr i64 %n.next to ptr
  ret ptr %r
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %t = alloca i64, align 8
  store i32 %argc, ptr @cfg, align 4
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
