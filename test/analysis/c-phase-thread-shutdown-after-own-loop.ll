; Program phases: a thread entry's code after its own loops, which reaches
; no loop again, is its thread's shut-down. Each worker counts itself out
; in @finished after its loop: read-mostly, written only at thread
; shut-down (before, hot at the thread entry's rate, and write-hot by the
; atomic increment). helper is a thread entry too, but main also calls it
; directly once the threads run: it does not run once per thread, and its
; store to @helper_done after its loop stays a steady-state write
; (write-hot, as before). The counter the loops increment stays write-hot.
;
;   #include <pthread.h>
;   static int limit = 100000;
;   static long items;
;   static int finished;
;   static int helper_done;
;   static void *worker(void *arg) {
;     (void)arg;
;     for (int i = 0; i < limit && !helper_done; ++i)
;       __atomic_fetch_add(&items, 1, __ATOMIC_RELAXED);
;     __atomic_fetch_add(&finished, 1, __ATOMIC_RELAXED);
;     return 0;
;   }
;   __attribute__((noinline)) static void *helper(void *arg) {
;     (void)arg;
;     for (int i = 0; i < limit; ++i)
;       __atomic_fetch_add(&items, 2, __ATOMIC_RELAXED);
;     helper_done = 1;
;     return 0;
;   }
;   int main(int argc, char **argv) {
;     (void)argv;
;     pthread_t t[3];
;     limit *= argc;
;     pthread_create(&t[0], 0, worker, 0);
;     pthread_create(&t[1], 0, worker, 0);
;     pthread_create(&t[2], 0, helper, 0);
;     helper(0);
;     for (int i = 0; i < 3; ++i)
;       pthread_join(t[i], 0);
;     return items == 0 || finished != 2;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK-DAG: "class":"read-mostly","name":"finished",{{.*}}"reason":"written only at start-up, thread start-up or shut-down (atomicrmw in worker (thread entry) after its steady state, as the thread ends);{{.*}}"writes":[{"context":"thread shut-down",
; CHECK-DAG: "class":"write-hot","name":"helper_done",{{.*}}"reason":"written while threads run: store in helper (thread entry)",{{.*}}"writes":[{"context":"run-time",
; CHECK-DAG: "class":"write-hot","name":"items",

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@limit = internal unnamed_addr global i32 100000, align 4
@items = internal global i64 0, align 8
@finished = internal global i32 0, align 4
@helper_done = internal unnamed_addr global i1 false, align 4

define dso_local i32 @main(i32 noundef %0, ptr nocapture noundef readnone %1) local_unnamed_addr {
  %3 = alloca [3 x i64], align 16
  %4 = load i32, ptr @limit, align 4
  %5 = mul nsw i32 %4, %0
  store i32 %5, ptr @limit, align 4
  %6 = call i32 @pthread_create(ptr noundef nonnull %3, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null)
  %7 = getelementptr inbounds i8, ptr %3, i64 8
  %8 = call i32 @pthread_create(ptr noundef nonnull %7, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null)
  %9 = getelementptr inbounds i8, ptr %3, i64 16
  %10 = call i32 @pthread_create(ptr noundef nonnull %9, ptr noundef null, ptr noundef nonnull @helper, ptr noundef null)
  %11 = call ptr @helper(ptr poison)
  %12 = load i64, ptr %3, align 16
  %13 = call i32 @pthread_join(i64 noundef %12, ptr noundef null)
  %14 = load i64, ptr %7, align 8
  %15 = call i32 @pthread_join(i64 noundef %14, ptr noundef null)
  %16 = load i64, ptr %9, align 16
  %17 = call i32 @pthread_join(i64 noundef %16, ptr noundef null)
  %18 = load i64, ptr @items, align 8
  %19 = icmp eq i64 %18, 0
  %20 = load i32, ptr @finished, align 4
  %21 = icmp ne i32 %20, 2
  %22 = select i1 %19, i1 true, i1 %21
  %23 = zext i1 %22 to i32
  ret i32 %23
}


declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

define internal noalias noundef ptr @worker(ptr nocapture readnone %0) {
  %2 = load i32, ptr @limit, align 4
  %3 = load i1, ptr @helper_done, align 4
  %4 = icmp slt i32 %2, 1
  %5 = select i1 %4, i1 true, i1 %3
  br i1 %5, label %19, label %6

6:                                                ; preds = %1
  %7 = add nsw i32 %2, -1
  %8 = and i32 %2, 7
  %9 = icmp ult i32 %7, 7
  br i1 %9, label %12, label %10

10:                                               ; preds = %6
  %11 = and i32 %2, 2147483640
  br label %21

12:                                               ; preds = %21, %6
  %13 = icmp eq i32 %8, 0
  br i1 %13, label %19, label %14

14:                                               ; preds = %12, %14
  %15 = phi i32 [ %17, %14 ], [ 0, %12 ]
  %16 = atomicrmw add ptr @items, i64 1 monotonic, align 8
  %17 = add i32 %15, 1
  %18 = icmp eq i32 %17, %8
  br i1 %18, label %19, label %14

19:                                               ; preds = %12, %14, %1
  %20 = atomicrmw add ptr @finished, i32 1 monotonic, align 4
  ret ptr null

21:                                               ; preds = %21, %10
  %22 = phi i32 [ 0, %10 ], [ %31, %21 ]
  %23 = atomicrmw add ptr @items, i64 1 monotonic, align 8
  %24 = atomicrmw add ptr @items, i64 1 monotonic, align 8
  %25 = atomicrmw add ptr @items, i64 1 monotonic, align 8
  %26 = atomicrmw add ptr @items, i64 1 monotonic, align 8
  %27 = atomicrmw add ptr @items, i64 1 monotonic, align 8
  %28 = atomicrmw add ptr @items, i64 1 monotonic, align 8
  %29 = atomicrmw add ptr @items, i64 1 monotonic, align 8
  %30 = atomicrmw add ptr @items, i64 1 monotonic, align 8
  %31 = add i32 %22, 8
  %32 = icmp eq i32 %31, %11
  br i1 %32, label %12, label %21
}

define internal noalias noundef ptr @helper(ptr nocapture readnone %0) {
  %2 = load i32, ptr @limit, align 4
  %3 = icmp sgt i32 %2, 0
  br i1 %3, label %4, label %16

4:                                                ; preds = %1
  %5 = and i32 %2, 7
  %6 = icmp ult i32 %2, 8
  br i1 %6, label %9, label %7

7:                                                ; preds = %4
  %8 = and i32 %2, 2147483640
  br label %17

9:                                                ; preds = %17, %4
  %10 = icmp eq i32 %5, 0
  br i1 %10, label %16, label %11

11:                                               ; preds = %9, %11
  %12 = phi i32 [ %14, %11 ], [ 0, %9 ]
  %13 = atomicrmw add ptr @items, i64 2 monotonic, align 8
  %14 = add i32 %12, 1
  %15 = icmp eq i32 %14, %5
  br i1 %15, label %16, label %11

16:                                               ; preds = %9, %11, %1
  store i1 true, ptr @helper_done, align 4
  ret ptr null

17:                                               ; preds = %17, %7
  %18 = phi i32 [ 0, %7 ], [ %27, %17 ]
  %19 = atomicrmw add ptr @items, i64 2 monotonic, align 8
  %20 = atomicrmw add ptr @items, i64 2 monotonic, align 8
  %21 = atomicrmw add ptr @items, i64 2 monotonic, align 8
  %22 = atomicrmw add ptr @items, i64 2 monotonic, align 8
  %23 = atomicrmw add ptr @items, i64 2 monotonic, align 8
  %24 = atomicrmw add ptr @items, i64 2 monotonic, align 8
  %25 = atomicrmw add ptr @items, i64 2 monotonic, align 8
  %26 = atomicrmw add ptr @items, i64 2 monotonic, align 8
  %27 = add i32 %18, 8
  %28 = icmp eq i32 %27, %8
  br i1 %28, label %9, label %17
}

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

