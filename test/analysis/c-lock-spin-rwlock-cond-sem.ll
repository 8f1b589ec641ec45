; Rule 3 (write-hot: synchronisation calls at run time): after
; pthread_create, main calls pthread_spin_lock on @spin,
; pthread_rwlock_rdlock on @rw (a read lock still writes the lock word),
; pthread_cond_signal on @cv and sem_post on @sem, each once and outside any
; loop (no unlocks, so each reason names the call under test). Lock traffic
; at run time is contention by construction, so all four are write-hot (a
; plain store there would be neutral).
;
;   static pthread_spinlock_t spin; static pthread_rwlock_t rw;
;   static pthread_cond_t cv; static sem_t sem;
;   static void *worker(void *a) { return a; }
;   int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0);
;     pthread_spin_lock(&spin); pthread_rwlock_rdlock(&rw);
;     pthread_cond_signal(&cv); sem_post(&sem); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK-DAG: "class":"write-hot","name":"spin","reads":0,"reason":"written while threads run: pthread_spin_lock() in main after threads may exist"
; CHECK-DAG: "class":"write-hot","name":"rw","reads":0,"reason":"written while threads run: pthread_rwlock_rdlock() in main after threads may exist"
; CHECK-DAG: "class":"write-hot","name":"cv","reads":0,"reason":"written while threads run: pthread_cond_signal() in main after threads may exist"
; CHECK-DAG: "class":"write-hot","name":"sem","reads":0,"reason":"written while threads run: sem_post() in main after threads may exist"
; CHECK: "summary": {"globals":4,"neutral":0,"read-mostly":0,"skipped":0,"write-hot":4}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@spin = internal global i32 0, align 4
@rw = internal global [56 x i8] zeroinitializer, align 8
@cv = internal global [48 x i8] zeroinitializer, align 8
@sem = internal global [32 x i8] zeroinitializer, align 8

define internal ptr @worker(ptr %arg) {
entry:
  ret ptr %arg
}

define i32 @main() {
entry:
  %t = alloca i64, align 8
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %s1 = call i32 @pthread_spin_lock(ptr @spin)
  %r1 = call i32 @pthread_rwlock_rdlock(ptr @rw)
  %c1 = call i32 @pthread_cond_signal(ptr @cv)
  %p1 = call i32 @sem_post(ptr @sem)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_spin_lock(ptr)
declare i32 @pthread_rwlock_rdlock(ptr)
declare i32 @pthread_cond_signal(ptr)
declare i32 @sem_post(ptr)
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
