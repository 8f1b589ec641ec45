; Rule 3, negative for locks: main initialises @m with pthread_mutex_init
; (a plain write, not lock traffic) before pthread_create, and even locks
; and unlocks @m2 there. Start-up writes are never hot, so neither mutex is
; write-hot; nothing reads them, so both are neutral "never read".
; The attribute object @attr is written by pthread_mutexattr_init and read
; by pthread_mutex_init, both before the first thread: read-mostly.
;
;   static pthread_mutex_t m, m2; static pthread_mutexattr_t attr;
;   static void *worker(void *a) { return a; }
;   int main(void) { pthread_t t; pthread_mutexattr_init(&attr); pthread_mutex_init(&m, &attr);
;     pthread_mutex_init(&m2, 0); pthread_mutex_lock(&m2); pthread_mutex_unlock(&m2);
;     pthread_create(&t, 0, worker, 0); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK-DAG: "class":"neutral","name":"m","reads":0,"reason":"never read","size":40,"writes":[{"context":"start-up",{{.*}}"kind":"call that writes"
; CHECK-DAG: "class":"neutral","name":"m2","reads":0,"reason":"never read","size":40,"writes":[{"context":"start-up",{{.*}}"kind":"lock call"
; CHECK-DAG: "class":"read-mostly","name":"attr","reads":1,"reason":"written only at start-up (pthread_mutexattr_init() in main before the first thread starts); read by pthread_mutex_init() in main before the first thread starts"
; CHECK: "summary": {"globals":3,"neutral":2,"read-mostly":1,"skipped":0,"write-hot":0}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%union.pthread_mutex_t = type { %struct.__pthread_mutex_s }
%struct.__pthread_mutex_s = type { i32, i32, i32, i32, i32, i16, i16, %struct.__pthread_internal_list }
%struct.__pthread_internal_list = type { ptr, ptr }
%union.pthread_mutexattr_t = type { i32 }

@m = internal global %union.pthread_mutex_t zeroinitializer, align 8
@m2 = internal global %union.pthread_mutex_t zeroinitializer, align 8
@attr = internal global %union.pthread_mutexattr_t zeroinitializer, align 4

define internal ptr @worker(ptr %arg) {
entry:
  ret ptr %arg
}

define i32 @main() {
entry:
  %t = alloca i64, align 8
  %a = call i32 @pthread_mutexattr_init(ptr @attr)
  %i = call i32 @pthread_mutex_init(ptr @m, ptr @attr)
  %i2 = call i32 @pthread_mutex_init(ptr @m2, ptr null)
  %l = call i32 @pthread_mutex_lock(ptr @m2)
  %u = call i32 @pthread_mutex_unlock(ptr @m2)
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_mutexattr_init(ptr)
declare i32 @pthread_mutex_init(ptr, ptr)
declare i32 @pthread_mutex_lock(ptr)
declare i32 @pthread_mutex_unlock(ptr)
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
