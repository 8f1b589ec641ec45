; Program phases: a call that creates threads and joins them runs a
; generation of threads, and the threads live inside the call only. A
; server's restart loop in main — read the configuration, start the workers,
; serve, join them, read it again — keeps main's loop in start-up: the
; parser's writes (@cfg_depth, in read_config's loop) and main's own
; (@reloads) are start-up writes, and both globals are read-mostly; the
; workers' counter stays write-hot.
;
;   static int workers = 2, reloads;
;   static long served;
;   static int cfg_depth;
;   static volatile int need_exit;
;   __attribute__((noinline)) static void read_config(int n) {
;     for (int i = 0; i < n; ++i) cfg_depth = i;
;   }
;   static void *worker(void *a) {
;     for (int i = 0; i < 1000 + cfg_depth; ++i)
;       __atomic_fetch_add(&served, 1, __ATOMIC_RELAXED);
;     return 0;
;   }
;   __attribute__((noinline)) static void serve(void) {
;     pthread_t t[8];
;     for (int i = 0; i < workers; ++i) pthread_create(&t[i], 0, worker, 0);
;     for (int i = 0; i < workers; ++i) pthread_join(t[i], 0);
;   }
;   int main(int argc, char **argv) {
;     for (;;) {
;       read_config(argc);
;       serve();
;       if (need_exit || ++reloads > argc) break;
;     }
;     return served == 0;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK-DAG: "class":"read-mostly","name":"cfg_depth",{{.*}}"reason":"written only at start-up (store in read_config (called only at start-up))
; CHECK-DAG: "class":"read-mostly","name":"reloads",{{.*}}"reason":"written only at start-up (store in main before the first thread starts in a loop that waits)
; CHECK-DAG: "class":"write-hot","name":"served",

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@need_exit = internal global i32 0, align 4
@reloads = internal unnamed_addr global i32 0, align 4
@served = internal global i64 0, align 8
@cfg_depth = internal unnamed_addr global i32 0, align 4

define dso_local i32 @main(i32 noundef %0, ptr nocapture noundef readnone %1) local_unnamed_addr {
  br label %3

3:                                                ; preds = %6, %2
  tail call fastcc void @read_config(i32 noundef %0)
  tail call fastcc void @serve()
  %4 = load volatile i32, ptr @need_exit, align 4
  %5 = icmp eq i32 %4, 0
  br i1 %5, label %6, label %10

6:                                                ; preds = %3
  %7 = load i32, ptr @reloads, align 4
  %8 = add nsw i32 %7, 1
  store i32 %8, ptr @reloads, align 4
  %9 = icmp slt i32 %7, %0
  br i1 %9, label %3, label %10

10:                                               ; preds = %3, %6
  %11 = load i64, ptr @served, align 8
  %12 = icmp eq i64 %11, 0
  %13 = zext i1 %12 to i32
  ret i32 %13
}

define internal fastcc void @read_config(i32 noundef %0) unnamed_addr {
  %2 = icmp sgt i32 %0, 0
  br i1 %2, label %3, label %5

3:                                                ; preds = %1
  %4 = add nsw i32 %0, -1
  store i32 %4, ptr @cfg_depth, align 4
  br label %5

5:                                                ; preds = %3, %1
  ret void
}

define internal fastcc void @serve() unnamed_addr {
  %1 = alloca [8 x i64], align 16
  call void @llvm.lifetime.start.p0(i64 64, ptr nonnull %1)
  br label %2

2:                                                ; preds = %0, %2
  %3 = phi i64 [ 0, %0 ], [ %6, %2 ]
  %4 = getelementptr inbounds [8 x i64], ptr %1, i64 0, i64 %3
  %5 = call i32 @pthread_create(ptr noundef nonnull %4, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null)
  %6 = add nuw nsw i64 %3, 1
  %7 = icmp eq i64 %3, 0
  br i1 %7, label %2, label %9

8:                                                ; preds = %9
  call void @llvm.lifetime.end.p0(i64 64, ptr nonnull %1)
  ret void

9:                                                ; preds = %2, %9
  %10 = phi i64 [ %14, %9 ], [ 0, %2 ]
  %11 = getelementptr inbounds [8 x i64], ptr %1, i64 0, i64 %10
  %12 = load i64, ptr %11, align 8
  %13 = call i32 @pthread_join(i64 noundef %12, ptr noundef null)
  %14 = add nuw nsw i64 %10, 1
  %15 = icmp eq i64 %10, 0
  br i1 %15, label %9, label %8
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

define internal noalias noundef ptr @worker(ptr nocapture readnone %0) {
  %2 = load i32, ptr @cfg_depth, align 4
  %3 = icmp sgt i32 %2, -1000
  br i1 %3, label %4, label %7

4:                                                ; preds = %1
  %5 = add i32 %2, 999
  %6 = tail call i32 @llvm.smax.i32(i32 %5, i32 0)
  br label %8

7:                                                ; preds = %8, %1
  ret ptr null

8:                                                ; preds = %4, %8
  %9 = phi i32 [ %11, %8 ], [ 0, %4 ]
  %10 = atomicrmw add ptr @served, i64 1 monotonic, align 8
  %11 = add nuw i32 %9, 1
  %12 = icmp eq i32 %9, %6
  br i1 %12, label %7, label %8
}

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

declare i32 @llvm.smax.i32(i32, i32)

