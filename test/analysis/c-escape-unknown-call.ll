; Rule 4 (skipped: address passed to an unknown function that may capture
; it): main passes &cfg to register_config, an external function without
; `nocapture`. It may keep the pointer and write cfg later, from any
; thread: skipped, although the module itself only writes cfg before the
; threads start.
;
;   static int cfg;
;   extern void register_config(int *);
;   static void *worker(void *a) { long n = 0; for (int i = 0; i < 1000; ++i) n += cfg; return (void *)n; }
;   int main(int argc, char **argv) { pthread_t t; cfg = argc; register_config(&cfg);
;     pthread_create(&t, 0, worker, 0); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK: "class":"skipped","escape":"address passed to unknown function register_config in main","name":"cfg","reads":1,"reason":"address escapes: address passed to unknown function register_config in main"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@cfg = internal global i32 0, align 4

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %n = phi i64 [ 0, %entry ], [ %n.next, %loop ]
  %a = load i32, ptr @cfg, align 4
  %a64 = sext i32 %a to i64
  %n.next = add i64 %n, %a64
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
  call void @register_config(ptr @cfg)
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare void @register_config(ptr)
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
