; Program phases: a call that creates a thread and reaches a join only on a
; path that never returns (a panic routine that stops the threads, then
; exits) runs no generation of threads: the threads outlive it. main's store
; to @mode after start() is a run-time write, not a start-up one (compare
; c-phase-thread-generation-restart-loop.ll, where the call joins its
; threads and returns).
;
;   static pthread_t th;
;   static long served;
;   static int mode;
;   static void *worker(void *a) {
;     for (int i = 0; i < 1000; ++i)
;       __atomic_fetch_add(&served, mode, __ATOMIC_RELAXED);
;     return 0;
;   }
;   __attribute__((noinline, noreturn)) static void die(void) {
;     pthread_join(th, 0);
;     exit(1);
;   }
;   __attribute__((noinline)) static void start(int n) {
;     if (pthread_create(&th, 0, worker, 0) != 0 || n > 100)
;       die();
;   }
;   int main(int argc, char **argv) {
;     start(argc);
;     for (int i = 0; i < argc * 1000; ++i)
;       mode = i;
;     pthread_join(th, 0);
;     return served == 0;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK: "name":"mode",{{.*}}"reason":"written at run time, but not repeatedly: store in main after threads may exist
; CHECK-SAME: "context":"run-time"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@mode = internal unnamed_addr global i32 0, align 4
@th = internal global i64 0, align 8
@served = internal global i64 0, align 8

define dso_local i32 @main(i32 noundef %0, ptr nocapture noundef readnone %1) local_unnamed_addr {
  tail call fastcc void @start(i32 noundef %0)
  %3 = icmp sgt i32 %0, 0
  br i1 %3, label %4, label %8

4:                                                ; preds = %2
  %5 = mul i32 %0, 1000
  %6 = tail call i32 @llvm.smax.i32(i32 %5, i32 1)
  %7 = add nsw i32 %6, -1
  store i32 %7, ptr @mode, align 4
  br label %8

8:                                                ; preds = %4, %2
  %9 = load i64, ptr @th, align 8
  %10 = tail call i32 @pthread_join(i64 noundef %9, ptr noundef null)
  %11 = load i64, ptr @served, align 8
  %12 = icmp eq i64 %11, 0
  %13 = zext i1 %12 to i32
  ret i32 %13
}

define internal fastcc void @start(i32 noundef %0) unnamed_addr {
  %2 = tail call i32 @pthread_create(ptr noundef nonnull @th, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null)
  %3 = icmp ne i32 %2, 0
  %4 = icmp sgt i32 %0, 100
  %5 = or i1 %4, %3
  br i1 %5, label %6, label %7

6:                                                ; preds = %1
  tail call fastcc void @die()
  unreachable

7:                                                ; preds = %1
  ret void
}

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

define internal noalias noundef ptr @worker(ptr nocapture readnone %0) {
  %2 = load i32, ptr @mode, align 4
  %3 = sext i32 %2 to i64
  br label %5

4:                                                ; preds = %5
  ret ptr null

5:                                                ; preds = %1, %5
  %6 = phi i32 [ 0, %1 ], [ %8, %5 ]
  %7 = atomicrmw add ptr @served, i64 %3 monotonic, align 8
  %8 = add nuw nsw i32 %6, 1
  %9 = icmp eq i32 %8, 1000
  br i1 %9, label %4, label %5
}

define internal fastcc void @die() unnamed_addr noreturn {
  %1 = load i64, ptr @th, align 8
  %2 = tail call i32 @pthread_join(i64 noundef %1, ptr noundef null)
  tail call void @exit(i32 noundef 1)
  unreachable
}

declare void @exit(i32 noundef) local_unnamed_addr

declare i32 @llvm.smax.i32(i32, i32)

