; Program phases: a write after the call that runs a thread's steady state
; is no shut-down while a loop of the thread entry is around both. worker
; calls run_queue, whose loop drains a queue without blocking, over and
; over in a loop of its own: @rounds, incremented after each call, stays a
; steady-state write (write-hot, in a busy loop), as does what run_queue
; writes. Only what follows worker's loop, and reaches no loop again, is
; its thread's shut-down: @exited, set there, is read-mostly (before, it
; was hot, at the thread entry's rate).
;
;   #include <pthread.h>
;   #include <unistd.h>
;   static int queue[64];
;   static int head, tail;
;   static long handled;
;   static long rounds;
;   static int exited;
;   static volatile int stop;
;   __attribute__((noinline)) static void run_queue(void) {
;     int h;
;     while ((h = __atomic_load_n(&head, __ATOMIC_ACQUIRE)) != tail) {
;       handled += queue[h & 63];
;       __atomic_store_n(&head, h + 1, __ATOMIC_RELEASE);
;     }
;   }
;   static void *worker(void *arg) {
;     (void)arg;
;     while (!stop) {
;       run_queue();
;       ++rounds;
;     }
;     exited = 1;
;     return 0;
;   }
;   int main(void) {
;     pthread_t t;
;     pthread_create(&t, 0, worker, 0);
;     for (int i = 0; i < 1000; ++i) {
;       queue[i & 63] = i;
;       tail = i + 1;
;       usleep(10);
;     }
;     stop = 1;
;     while (!exited)
;       usleep(100);
;     pthread_join(t, 0);
;     return handled + rounds == 0;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK-DAG: "class":"write-hot","name":"rounds",{{.*}}"reason":"written while threads run: store in worker (thread entry) in a loop",{{.*}}"writes":[{"context":"run-time",
; CHECK-DAG: "class":"write-hot","name":"handled",{{.*}}"reason":"written while threads run: store in run_queue (called repeatedly while threads run) in a loop"
; CHECK-DAG: "class":"write-hot","name":"head",
; CHECK-DAG: "class":"read-mostly","name":"exited",{{.*}}"reason":"written only at start-up, thread start-up or shut-down (store in worker (thread entry) after its steady state, as the thread ends);{{.*}}"writes":[{"context":"thread shut-down",

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@queue = internal unnamed_addr global [64 x i32] zeroinitializer, align 16
@tail = internal unnamed_addr global i32 0, align 4
@stop = internal global i32 0, align 4
@exited = internal unnamed_addr global i1 false, align 4
@handled = internal unnamed_addr global i64 0, align 8
@rounds = internal unnamed_addr global i64 0, align 8
@head = internal unnamed_addr global i32 0, align 4

define dso_local i32 @main() local_unnamed_addr {
  %1 = alloca i64, align 8
  %2 = call i32 @pthread_create(ptr noundef nonnull %1, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null)
  br label %5

3:                                                ; preds = %5
  store volatile i32 1, ptr @stop, align 4
  %4 = load i1, ptr @exited, align 4
  br i1 %4, label %16, label %13

5:                                                ; preds = %0, %5
  %6 = phi i32 [ 0, %0 ], [ %10, %5 ]
  %7 = and i32 %6, 63
  %8 = zext i32 %7 to i64
  %9 = getelementptr inbounds [64 x i32], ptr @queue, i64 0, i64 %8
  store i32 %6, ptr %9, align 4
  %10 = add nuw nsw i32 %6, 1
  store i32 %10, ptr @tail, align 4
  %11 = call i32 @usleep(i32 noundef 10)
  %12 = icmp eq i32 %10, 1000
  br i1 %12, label %3, label %5

13:                                               ; preds = %3, %13
  %14 = call i32 @usleep(i32 noundef 100)
  %15 = load i1, ptr @exited, align 4
  br i1 %15, label %16, label %13

16:                                               ; preds = %13, %3
  %17 = load i64, ptr %1, align 8
  %18 = call i32 @pthread_join(i64 noundef %17, ptr noundef null)
  %19 = load i64, ptr @handled, align 8
  %20 = load i64, ptr @rounds, align 8
  %21 = sub i64 0, %20
  %22 = icmp eq i64 %19, %21
  %23 = zext i1 %22 to i32
  ret i32 %23
}


declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

define internal noalias noundef ptr @worker(ptr nocapture readnone %0) {
  %2 = load i64, ptr @rounds, align 8
  %3 = load volatile i32, ptr @stop, align 4
  %4 = icmp eq i32 %3, 0
  br i1 %4, label %5, label %10

5:                                                ; preds = %1, %5
  %6 = phi i64 [ %7, %5 ], [ %2, %1 ]
  tail call fastcc void @run_queue()
  %7 = add nsw i64 %6, 1
  store i64 %7, ptr @rounds, align 8
  %8 = load volatile i32, ptr @stop, align 4
  %9 = icmp eq i32 %8, 0
  br i1 %9, label %5, label %10

10:                                               ; preds = %5, %1
  store i1 true, ptr @exited, align 4
  ret ptr null
}

declare i32 @usleep(i32 noundef) local_unnamed_addr


declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

define internal fastcc void @run_queue() unnamed_addr {
  %1 = load atomic i32, ptr @head acquire, align 4
  %2 = load i32, ptr @tail, align 4
  %3 = icmp eq i32 %1, %2
  br i1 %3, label %17, label %4

4:                                                ; preds = %0, %4
  %5 = phi i32 [ %14, %4 ], [ %1, %0 ]
  %6 = and i32 %5, 63
  %7 = zext i32 %6 to i64
  %8 = getelementptr inbounds [64 x i32], ptr @queue, i64 0, i64 %7
  %9 = load i32, ptr %8, align 4
  %10 = sext i32 %9 to i64
  %11 = load i64, ptr @handled, align 8
  %12 = add nsw i64 %11, %10
  store i64 %12, ptr @handled, align 8
  %13 = add nsw i32 %5, 1
  store atomic i32 %13, ptr @head release, align 4
  %14 = load atomic i32, ptr @head acquire, align 4
  %15 = load i32, ptr @tail, align 4
  %16 = icmp eq i32 %14, %15
  br i1 %16, label %17, label %4

17:                                               ; preds = %4, %0
  ret void
}
