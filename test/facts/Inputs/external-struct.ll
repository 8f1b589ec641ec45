; The globals of external-split-two-tu.test (clang -O2 -S -emit-llvm,
; attributes and metadata trimmed):
;
; #include <pthread.h>
; #include <stdio.h>
; struct stats { long a; long b; int verbose; };
; struct stats shared_stats;
; static struct stats own_stats;
; static void *w0(void *p) {
;   for (long i = 0; i < (long)p; i++) {
;     __atomic_fetch_add(&shared_stats.a, shared_stats.verbose, __ATOMIC_RELAXED);
;     __atomic_fetch_add(&own_stats.a, own_stats.verbose, __ATOMIC_RELAXED);
;   }
;   return 0;
; }
; static void *w1(void *p) {
;   for (long i = 0; i < (long)p; i++) {
;     __atomic_fetch_add(&shared_stats.b, shared_stats.verbose, __ATOMIC_RELAXED);
;     __atomic_fetch_add(&own_stats.b, own_stats.verbose, __ATOMIC_RELAXED);
;   }
;   return 0;
; }
; int main(int argc, char **argv) {
;   shared_stats.verbose = argc;
;   own_stats.verbose = argc;
;   pthread_t t0, t1;
;   pthread_create(&t0, 0, w0, (void *)1000000L);
;   pthread_create(&t1, 0, w1, (void *)1000000L);
;   pthread_join(t0, 0);
;   pthread_join(t1, 0);
;   printf("%ld %ld %ld %ld\n", shared_stats.a, shared_stats.b, own_stats.a, own_stats.b);
;   return 0;
; }

; ModuleID = 'ext.c'
source_filename = "ext.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.stats = type { i64, i64, i32 }

@shared_stats = dso_local global %struct.stats zeroinitializer, align 8
@own_stats = internal global %struct.stats zeroinitializer, align 8
@.str = private unnamed_addr constant [17 x i8] c"%ld %ld %ld %ld\0A\00", align 1

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @main(i32 noundef %0, ptr nocapture noundef readnone %1) local_unnamed_addr {
  %3 = alloca i64, align 8
  %4 = alloca i64, align 8
  store i32 %0, ptr getelementptr inbounds (i8, ptr @shared_stats, i64 16), align 8
  store i32 %0, ptr getelementptr inbounds (i8, ptr @own_stats, i64 16), align 8
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %3)
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %4)
  %5 = call i32 @pthread_create(ptr noundef nonnull %3, ptr noundef null, ptr noundef nonnull @w0, ptr noundef nonnull inttoptr (i64 1000000 to ptr))
  %6 = call i32 @pthread_create(ptr noundef nonnull %4, ptr noundef null, ptr noundef nonnull @w1, ptr noundef nonnull inttoptr (i64 1000000 to ptr))
  %7 = load i64, ptr %3, align 8
  %8 = call i32 @pthread_join(i64 noundef %7, ptr noundef null)
  %9 = load i64, ptr %4, align 8
  %10 = call i32 @pthread_join(i64 noundef %9, ptr noundef null)
  %11 = load i64, ptr @shared_stats, align 8
  %12 = load i64, ptr getelementptr inbounds (i8, ptr @shared_stats, i64 8), align 8
  %13 = load i64, ptr @own_stats, align 8
  %14 = load i64, ptr getelementptr inbounds (i8, ptr @own_stats, i64 8), align 8
  %15 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %11, i64 noundef %12, i64 noundef %13, i64 noundef %14)
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %4)
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %3)
  ret i32 0
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)

; Function Attrs: nounwind
declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

; Function Attrs: nofree norecurse nounwind memory(readwrite, argmem: none, inaccessiblemem: none) uwtable
define internal noalias noundef ptr @w0(ptr noundef %0) {
  %2 = ptrtoint ptr %0 to i64
  %3 = icmp sgt ptr %0, null
  br i1 %3, label %4, label %22

4:                                                ; preds = %1
  %5 = load i32, ptr getelementptr inbounds (i8, ptr @shared_stats, i64 16), align 8
  %6 = sext i32 %5 to i64
  %7 = load i32, ptr getelementptr inbounds (i8, ptr @own_stats, i64 16), align 8
  %8 = sext i32 %7 to i64
  %9 = add nsw i64 %2, -1
  %10 = and i64 %2, 7
  %11 = icmp ult i64 %9, 7
  br i1 %11, label %14, label %12

12:                                               ; preds = %4
  %13 = and i64 %2, 9223372036854775800
  br label %23

14:                                               ; preds = %23, %4
  %15 = icmp eq i64 %10, 0
  br i1 %15, label %22, label %16

16:                                               ; preds = %14, %16
  %17 = phi i64 [ %20, %16 ], [ 0, %14 ]
  %18 = atomicrmw add ptr @shared_stats, i64 %6 monotonic, align 8
  %19 = atomicrmw add ptr @own_stats, i64 %8 monotonic, align 8
  %20 = add i64 %17, 1
  %21 = icmp eq i64 %20, %10
  br i1 %21, label %22, label %16

22:                                               ; preds = %14, %16, %1
  ret ptr null

23:                                               ; preds = %23, %12
  %24 = phi i64 [ 0, %12 ], [ %41, %23 ]
  %25 = atomicrmw add ptr @shared_stats, i64 %6 monotonic, align 8
  %26 = atomicrmw add ptr @own_stats, i64 %8 monotonic, align 8
  %27 = atomicrmw add ptr @shared_stats, i64 %6 monotonic, align 8
  %28 = atomicrmw add ptr @own_stats, i64 %8 monotonic, align 8
  %29 = atomicrmw add ptr @shared_stats, i64 %6 monotonic, align 8
  %30 = atomicrmw add ptr @own_stats, i64 %8 monotonic, align 8
  %31 = atomicrmw add ptr @shared_stats, i64 %6 monotonic, align 8
  %32 = atomicrmw add ptr @own_stats, i64 %8 monotonic, align 8
  %33 = atomicrmw add ptr @shared_stats, i64 %6 monotonic, align 8
  %34 = atomicrmw add ptr @own_stats, i64 %8 monotonic, align 8
  %35 = atomicrmw add ptr @shared_stats, i64 %6 monotonic, align 8
  %36 = atomicrmw add ptr @own_stats, i64 %8 monotonic, align 8
  %37 = atomicrmw add ptr @shared_stats, i64 %6 monotonic, align 8
  %38 = atomicrmw add ptr @own_stats, i64 %8 monotonic, align 8
  %39 = atomicrmw add ptr @shared_stats, i64 %6 monotonic, align 8
  %40 = atomicrmw add ptr @own_stats, i64 %8 monotonic, align 8
  %41 = add i64 %24, 8
  %42 = icmp eq i64 %41, %13
  br i1 %42, label %14, label %23
}

; Function Attrs: nofree norecurse nounwind memory(readwrite, argmem: none, inaccessiblemem: none) uwtable
define internal noalias noundef ptr @w1(ptr noundef %0) {
  %2 = ptrtoint ptr %0 to i64
  %3 = icmp sgt ptr %0, null
  br i1 %3, label %4, label %22

4:                                                ; preds = %1
  %5 = load i32, ptr getelementptr inbounds (i8, ptr @shared_stats, i64 16), align 8
  %6 = sext i32 %5 to i64
  %7 = load i32, ptr getelementptr inbounds (i8, ptr @own_stats, i64 16), align 8
  %8 = sext i32 %7 to i64
  %9 = add nsw i64 %2, -1
  %10 = and i64 %2, 7
  %11 = icmp ult i64 %9, 7
  br i1 %11, label %14, label %12

12:                                               ; preds = %4
  %13 = and i64 %2, 9223372036854775800
  br label %23

14:                                               ; preds = %23, %4
  %15 = icmp eq i64 %10, 0
  br i1 %15, label %22, label %16

16:                                               ; preds = %14, %16
  %17 = phi i64 [ %20, %16 ], [ 0, %14 ]
  %18 = atomicrmw add ptr getelementptr inbounds (i8, ptr @shared_stats, i64 8), i64 %6 monotonic, align 8
  %19 = atomicrmw add ptr getelementptr inbounds (i8, ptr @own_stats, i64 8), i64 %8 monotonic, align 8
  %20 = add i64 %17, 1
  %21 = icmp eq i64 %20, %10
  br i1 %21, label %22, label %16

22:                                               ; preds = %14, %16, %1
  ret ptr null

23:                                               ; preds = %23, %12
  %24 = phi i64 [ 0, %12 ], [ %41, %23 ]
  %25 = atomicrmw add ptr getelementptr inbounds (i8, ptr @shared_stats, i64 8), i64 %6 monotonic, align 8
  %26 = atomicrmw add ptr getelementptr inbounds (i8, ptr @own_stats, i64 8), i64 %8 monotonic, align 8
  %27 = atomicrmw add ptr getelementptr inbounds (i8, ptr @shared_stats, i64 8), i64 %6 monotonic, align 8
  %28 = atomicrmw add ptr getelementptr inbounds (i8, ptr @own_stats, i64 8), i64 %8 monotonic, align 8
  %29 = atomicrmw add ptr getelementptr inbounds (i8, ptr @shared_stats, i64 8), i64 %6 monotonic, align 8
  %30 = atomicrmw add ptr getelementptr inbounds (i8, ptr @own_stats, i64 8), i64 %8 monotonic, align 8
  %31 = atomicrmw add ptr getelementptr inbounds (i8, ptr @shared_stats, i64 8), i64 %6 monotonic, align 8
  %32 = atomicrmw add ptr getelementptr inbounds (i8, ptr @own_stats, i64 8), i64 %8 monotonic, align 8
  %33 = atomicrmw add ptr getelementptr inbounds (i8, ptr @shared_stats, i64 8), i64 %6 monotonic, align 8
  %34 = atomicrmw add ptr getelementptr inbounds (i8, ptr @own_stats, i64 8), i64 %8 monotonic, align 8
  %35 = atomicrmw add ptr getelementptr inbounds (i8, ptr @shared_stats, i64 8), i64 %6 monotonic, align 8
  %36 = atomicrmw add ptr getelementptr inbounds (i8, ptr @own_stats, i64 8), i64 %8 monotonic, align 8
  %37 = atomicrmw add ptr getelementptr inbounds (i8, ptr @shared_stats, i64 8), i64 %6 monotonic, align 8
  %38 = atomicrmw add ptr getelementptr inbounds (i8, ptr @own_stats, i64 8), i64 %8 monotonic, align 8
  %39 = atomicrmw add ptr getelementptr inbounds (i8, ptr @shared_stats, i64 8), i64 %6 monotonic, align 8
  %40 = atomicrmw add ptr getelementptr inbounds (i8, ptr @own_stats, i64 8), i64 %8 monotonic, align 8
  %41 = add i64 %24, 8
  %42 = icmp eq i64 %41, %13
  br i1 %42, label %14, label %23
}

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)



