; An allocation made while threads run, by a call that runs a bounded
; number of times: main starts a logger thread, then calls locks_init once,
; outside its loops, and locks_init allocates the lock table outside its
; own loops (and starts a watchdog thread: how often a call runs does not
; depend on the threads its function starts). The table is no object per request: its 40-byte mutexes, which
; the workers lock by turns, are padded to a line each, as an allocation at
; start-up is. (The report's phase stays "run-time": the call runs while a
; thread does.)
;
;   #include <pthread.h>
;   #include <stdlib.h>
;   #include <unistd.h>
;
;   static pthread_mutex_t *locks;
;   static long nlocks;
;   static long counts[64];
;   static int stop;
;
;   static void *logger(void *p) {
;     while (!__atomic_load_n(&stop, __ATOMIC_ACQUIRE))
;       usleep(1000);
;     return p;
;   }
;
;   __attribute__((noinline)) static void locks_init(long n) {
;     locks = calloc(n, sizeof *locks);
;     for (long i = 0; i < n; ++i)
;       pthread_mutex_init(&locks[i], 0);
;     nlocks = n;
;     pthread_t watchdog;
;     pthread_create(&watchdog, 0, logger, 0);
;     pthread_detach(watchdog);
;   }
;
;   static void *worker(void *p) {
;     long id = (long)p;
;     for (long i = 0; i < 1000000; ++i) {
;       pthread_mutex_t *m = &locks[(id + i) % nlocks];
;       pthread_mutex_lock(m);
;       counts[id] += 1;
;       pthread_mutex_unlock(m);
;     }
;     return 0;
;   }
;
;   int main(int argc, char **argv) {
;     pthread_t log, t[4];
;     pthread_create(&log, 0, logger, 0);
;     locks_init(argc + 3);
;     for (long i = 0; i < 4; ++i)
;       pthread_create(&t[i], 0, worker, (void *)i);
;     for (int i = 0; i < 4; ++i)
;       pthread_join(t[i], 0);
;     __atomic_store_n(&stop, 1, __ATOMIC_RELEASE);
;     pthread_join(log, 0);
;     return counts[0] != 1000000;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -S %s -o %t.ll
; RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
; RUN: FileCheck %s --input-file=%t.ll
; JSON: "allocations": [
; JSON-NEXT: {"allocated":"run-time","allocator":"calloc","call":0,"call_path":["main","locks_init"],"class":"write-hot","element_size":40,"elements":0,"function":"locks_init","held_by":["locks"],"inner_layout":"each element padded from 40 to 128 bytes (88 more per element; their number known at run time)",{{.*}}"slot_size":128}
; CHECK-LABEL: define internal fastcc void @locks_init(
; CHECK: call {{.*}}ptr @aligned_alloc(i64 128,

; ModuleID = 'bounded_init.c'
source_filename = "bounded_init.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%union.pthread_mutex_t = type { %struct.__pthread_mutex_s }
%struct.__pthread_mutex_s = type { i32, i32, i32, i32, i32, i16, i16, %struct.__pthread_internal_list }
%struct.__pthread_internal_list = type { ptr, ptr }

@stop = internal unnamed_addr global i32 0, align 4
@counts = internal unnamed_addr global [64 x i64] zeroinitializer, align 16
@locks = internal unnamed_addr global ptr null, align 8
@nlocks = internal unnamed_addr global i64 0, align 8

; Function Attrs: nounwind uwtable
define dso_local i32 @main(i32 noundef %0, ptr nocapture noundef readnone %1) local_unnamed_addr #0 {
  %3 = alloca i64, align 8
  %4 = alloca [4 x i64], align 16
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %3) #6
  call void @llvm.lifetime.start.p0(i64 32, ptr nonnull %4) #6
  %5 = call i32 @pthread_create(ptr noundef nonnull %3, ptr noundef null, ptr noundef nonnull @logger, ptr noundef null) #6
  %6 = add nsw i32 %0, 3
  %7 = sext i32 %6 to i64
  call fastcc void @locks_init(i64 noundef %7)
  %8 = call i32 @pthread_create(ptr noundef nonnull %4, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #6
  %9 = getelementptr inbounds i8, ptr %4, i64 8
  %10 = call i32 @pthread_create(ptr noundef nonnull %9, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull inttoptr (i64 1 to ptr)) #6
  %11 = getelementptr inbounds i8, ptr %4, i64 16
  %12 = call i32 @pthread_create(ptr noundef nonnull %11, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull inttoptr (i64 2 to ptr)) #6
  %13 = getelementptr inbounds i8, ptr %4, i64 24
  %14 = call i32 @pthread_create(ptr noundef nonnull %13, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull inttoptr (i64 3 to ptr)) #6
  %15 = load i64, ptr %4, align 16, !tbaa !5
  %16 = call i32 @pthread_join(i64 noundef %15, ptr noundef null) #6
  %17 = load i64, ptr %9, align 8, !tbaa !5
  %18 = call i32 @pthread_join(i64 noundef %17, ptr noundef null) #6
  %19 = load i64, ptr %11, align 16, !tbaa !5
  %20 = call i32 @pthread_join(i64 noundef %19, ptr noundef null) #6
  %21 = load i64, ptr %13, align 8, !tbaa !5
  %22 = call i32 @pthread_join(i64 noundef %21, ptr noundef null) #6
  store atomic i32 1, ptr @stop release, align 4
  %23 = load i64, ptr %3, align 8, !tbaa !5
  %24 = call i32 @pthread_join(i64 noundef %23, ptr noundef null) #6
  %25 = load i64, ptr @counts, align 16, !tbaa !5
  %26 = icmp ne i64 %25, 1000000
  %27 = zext i1 %26 to i32
  call void @llvm.lifetime.end.p0(i64 32, ptr nonnull %4) #6
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %3) #6
  ret i32 %27
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nounwind
declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #2

; Function Attrs: nounwind uwtable
define internal noundef ptr @logger(ptr noundef readnone returned %0) #0 {
  %2 = load atomic i32, ptr @stop acquire, align 4
  %3 = icmp eq i32 %2, 0
  br i1 %3, label %4, label %8

4:                                                ; preds = %1, %4
  %5 = tail call i32 @usleep(i32 noundef 1000) #6
  %6 = load atomic i32, ptr @stop acquire, align 4
  %7 = icmp eq i32 %6, 0
  br i1 %7, label %4, label %8, !llvm.loop !9

8:                                                ; preds = %4, %1
  ret ptr %0
}

; Function Attrs: noinline nounwind uwtable
define internal fastcc void @locks_init(i64 noundef %0) unnamed_addr #3 {
  %2 = alloca i64, align 8
  %3 = tail call noalias ptr @calloc(i64 noundef %0, i64 noundef 40) #7
  store ptr %3, ptr @locks, align 8, !tbaa !11
  %4 = icmp sgt i64 %0, 0
  br i1 %4, label %9, label %5

5:                                                ; preds = %9, %1
  store i64 %0, ptr @nlocks, align 8, !tbaa !5
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %2) #6
  %6 = call i32 @pthread_create(ptr noundef nonnull %2, ptr noundef null, ptr noundef nonnull @logger, ptr noundef null) #6
  %7 = load i64, ptr %2, align 8, !tbaa !5
  %8 = call i32 @pthread_detach(i64 noundef %7) #6
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %2) #6
  ret void

9:                                                ; preds = %1, %9
  %10 = phi i64 [ %14, %9 ], [ 0, %1 ]
  %11 = load ptr, ptr @locks, align 8, !tbaa !11
  %12 = getelementptr inbounds %union.pthread_mutex_t, ptr %11, i64 %10
  %13 = tail call i32 @pthread_mutex_init(ptr noundef %12, ptr noundef null) #6
  %14 = add nsw i64 %10, 1
  %15 = icmp eq i64 %14, %0
  br i1 %15, label %5, label %9, !llvm.loop !13
}

; Function Attrs: nounwind uwtable
define internal noalias noundef ptr @worker(ptr noundef %0) #0 {
  %2 = ptrtoint ptr %0 to i64
  %3 = getelementptr inbounds [64 x i64], ptr @counts, i64 0, i64 %2
  br label %5

4:                                                ; preds = %5
  ret ptr null

5:                                                ; preds = %1, %5
  %6 = phi i64 [ 0, %1 ], [ %16, %5 ]
  %7 = load ptr, ptr @locks, align 8, !tbaa !11
  %8 = add nsw i64 %6, %2
  %9 = load i64, ptr @nlocks, align 8, !tbaa !5
  %10 = srem i64 %8, %9
  %11 = getelementptr inbounds %union.pthread_mutex_t, ptr %7, i64 %10
  %12 = tail call i32 @pthread_mutex_lock(ptr noundef %11) #6
  %13 = load i64, ptr %3, align 8, !tbaa !5
  %14 = add nsw i64 %13, 1
  store i64 %14, ptr %3, align 8, !tbaa !5
  %15 = tail call i32 @pthread_mutex_unlock(ptr noundef %11) #6
  %16 = add nsw i64 %6, 1
  %17 = icmp eq i64 %16, 1000000
  br i1 %17, label %4, label %5, !llvm.loop !14
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #4

declare i32 @usleep(i32 noundef) local_unnamed_addr #4

; Function Attrs: mustprogress nofree nounwind willreturn allockind("alloc,zeroed") allocsize(0,1) memory(inaccessiblemem: readwrite)
declare noalias noundef ptr @calloc(i64 noundef, i64 noundef) local_unnamed_addr #5

; Function Attrs: nounwind
declare i32 @pthread_mutex_init(ptr noundef, ptr noundef) local_unnamed_addr #2

; Function Attrs: nounwind
declare i32 @pthread_detach(i64 noundef) local_unnamed_addr #2

; Function Attrs: nounwind
declare i32 @pthread_mutex_lock(ptr noundef) local_unnamed_addr #2

; Function Attrs: nounwind
declare i32 @pthread_mutex_unlock(ptr noundef) local_unnamed_addr #2

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { noinline nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { mustprogress nofree nounwind willreturn allockind("alloc,zeroed") allocsize(0,1) memory(inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { nounwind }
attributes #7 = { nounwind allocsize(0,1) }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"long", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!12, !12, i64 0}
!12 = !{!"any pointer", !7, i64 0}
!13 = distinct !{!13, !10}
!14 = distinct !{!14, !10}
