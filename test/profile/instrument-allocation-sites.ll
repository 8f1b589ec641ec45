; An instrumented build counts allocation sites as it counts globals: each
; site is an entry of the descriptor (its function, translation unit and
; call; size 0 when the count is known at run time), its call a counter of
; its own (flag 4), and the call records the start and size of its latest
; object in a range slot of its own line. The statistics are reached by
; loads of the static holding only calloc's result: counted always. The
; arguments are reached in worker through its parameter, which may point
; elsewhere: counted when the address is inside the site's latest object,
; and the entry says why such counts are a lower bound once the site
; allocated more than one object.
;
;   #include <pthread.h>
;   #include <stdlib.h>
;
;   struct stat { long ops; };
;   struct arg { int id; long sum; };
;   static struct stat *stats;
;
;   static void *worker(void *p) {
;     struct arg *a = p;
;     for (int i = 0; i < 1000; ++i) {
;       __atomic_fetch_add(&stats[a->id].ops, 1, __ATOMIC_RELAXED);
;       a->sum += i;
;     }
;     return 0;
;   }
;
;   int main(int argc, char **argv) {
;     int n = argc + 1;
;     pthread_t t[8];
;     stats = calloc(n, sizeof *stats);
;     struct arg *args = malloc(n * sizeof *args);
;     for (int i = 0; i < n && i < 8; ++i) {
;       args[i].id = i;
;       args[i].sum = 0;
;       pthread_create(&t[i], 0, worker, &args[i]);
;     }
;     for (int i = 0; i < n && i < 8; ++i)
;       pthread_join(t[i], 0);
;     return args[0].sum != 499500;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-layout-mode=instrument -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll
; CHECK-DAG: [[MAIN:@__cacheline_prof_str[.0-9]*]] = private unnamed_addr constant [5 x i8] c"main\00"
; CHECK-DAG: [[TU:@__cacheline_prof_str[.0-9]*]] = private unnamed_addr constant [8 x i8] c"sites.c\00"
; CHECK-DAG: [[MANY:@__cacheline_prof_str[.0-9]*]] = private unnamed_addr constant {{.*}} c"allocated more than once: accesses through pointers that may reach other memory (in worker) counted for its latest object only\00"
; CHECK-DAG: [[ALLOCATION:@__cacheline_prof_str[.0-9]*]] = private unnamed_addr constant [11 x i8] c"allocation\00"
; CHECK: @__cacheline_prof_globals = private constant [3 x { ptr, ptr, i64, ptr, ptr, i64, ptr }] [{ ptr, ptr, i64, ptr, ptr, i64, ptr } { ptr @{{.*}}, ptr @{{.*}}, i64 8, ptr null, ptr null, i64 -1, ptr null }, { ptr, ptr, i64, ptr, ptr, i64, ptr } { ptr [[MAIN]], ptr @{{.*}}, i64 0, ptr null, ptr [[TU]], i64 0, ptr null }, { ptr, ptr, i64, ptr, ptr, i64, ptr } { ptr [[MAIN]], ptr @{{.*}}, i64 0, ptr null, ptr [[TU]], i64 1, ptr [[MANY]] }]
; CHECK-NEXT: @__cacheline_prof_sites = {{.*}} { i32 1, i32 4, ptr [[ALLOCATION]], ptr [[MAIN]], {{.*}} { i32 2, i32 4, ptr [[ALLOCATION]], ptr [[MAIN]],
; CHECK: @__cacheline_prof_ranges = internal global [32 x i64] zeroinitializer, align 128
; CHECK-LABEL: define {{.*}} @main(
; CHECK: [[S:%.*]] = tail call noalias ptr @calloc(i64 noundef [[N:%.*]], i64 noundef 8)
; CHECK: [[SIZE:%.*]] = mul i64 [[N]], 8
; CHECK-NEXT: [[START:%.*]] = ptrtoint ptr [[S]] to i64
; CHECK-NEXT: store atomic i64 [[START]], ptr @__cacheline_prof_ranges monotonic, align 8
; CHECK-NEXT: store atomic i64 [[SIZE]], ptr getelementptr inbounds ([32 x i64], ptr @__cacheline_prof_ranges, i32 0, i32 1) monotonic, align 8
; CHECK: [[A:%.*]] = tail call noalias ptr @malloc(
; CHECK: store atomic i64 {{%.*}}, ptr getelementptr inbounds ([32 x i64], ptr @__cacheline_prof_ranges, i32 0, i32 16) monotonic, align 8
; CHECK-LABEL: define {{.*}} @worker(
; CHECK: [[LO:%.*]] = load atomic i64, ptr getelementptr inbounds ([32 x i64], ptr @__cacheline_prof_ranges, i32 0, i32 16) monotonic, align 8
; CHECK-NEXT: [[LEN:%.*]] = load atomic i64, ptr getelementptr inbounds ([32 x i64], ptr @__cacheline_prof_ranges, i32 0, i32 17) monotonic, align 8
; CHECK-NEXT: [[P:%.*]] = ptrtoint ptr {{%.*}} to i64
; CHECK-NEXT: [[OFF:%.*]] = sub i64 [[P]], [[LO]]
; CHECK-NEXT: icmp ult i64 [[OFF]], [[LEN]]

; ModuleID = 'sites.c'
source_filename = "sites.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.arg = type { i32, i64 }
%struct.stat = type { i64 }

@stats = internal unnamed_addr global ptr null, align 8

; Function Attrs: nounwind uwtable
define dso_local i32 @main(i32 noundef %0, ptr nocapture noundef readnone %1) local_unnamed_addr #0 {
  %3 = alloca [8 x i64], align 16
  %4 = add nsw i32 %0, 1
  call void @llvm.lifetime.start.p0(i64 64, ptr nonnull %3) #8
  %5 = sext i32 %4 to i64
  %6 = tail call noalias ptr @calloc(i64 noundef %5, i64 noundef 8) #9
  store ptr %6, ptr @stats, align 8, !tbaa !5
  %7 = shl nsw i64 %5, 4
  %8 = tail call noalias ptr @malloc(i64 noundef %7) #10
  %9 = icmp sgt i32 %0, -1
  br i1 %9, label %10, label %14

10:                                               ; preds = %2
  %11 = tail call i32 @llvm.umin.i32(i32 %0, i32 7)
  %12 = add nsw i32 %11, 1
  %13 = zext i32 %12 to i64
  br label %20

14:                                               ; preds = %20, %2
  %15 = icmp sgt i32 %0, -1
  br i1 %15, label %16, label %29

16:                                               ; preds = %14
  %17 = call i32 @llvm.umin.i32(i32 %0, i32 7)
  %18 = add nsw i32 %17, 1
  %19 = zext i32 %18 to i64
  br label %34

20:                                               ; preds = %10, %20
  %21 = phi i64 [ 0, %10 ], [ %27, %20 ]
  %22 = getelementptr inbounds %struct.arg, ptr %8, i64 %21
  %23 = trunc i64 %21 to i32
  store i32 %23, ptr %22, align 8, !tbaa !9
  %24 = getelementptr inbounds i8, ptr %22, i64 8
  store i64 0, ptr %24, align 8, !tbaa !13
  %25 = getelementptr inbounds [8 x i64], ptr %3, i64 0, i64 %21
  %26 = call i32 @pthread_create(ptr noundef nonnull %25, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull %22) #8
  %27 = add nsw i64 %21, 1
  %28 = icmp eq i64 %27, %13
  br i1 %28, label %14, label %20, !llvm.loop !14

29:                                               ; preds = %34, %14
  %30 = getelementptr inbounds i8, ptr %8, i64 8
  %31 = load i64, ptr %30, align 8, !tbaa !13
  %32 = icmp ne i64 %31, 499500
  %33 = zext i1 %32 to i32
  call void @llvm.lifetime.end.p0(i64 64, ptr nonnull %3) #8
  ret i32 %33

34:                                               ; preds = %16, %34
  %35 = phi i64 [ 0, %16 ], [ %39, %34 ]
  %36 = getelementptr inbounds [8 x i64], ptr %3, i64 0, i64 %35
  %37 = load i64, ptr %36, align 8, !tbaa !17
  %38 = call i32 @pthread_join(i64 noundef %37, ptr noundef null) #8
  %39 = add nsw i64 %35, 1
  %40 = icmp eq i64 %39, %19
  br i1 %40, label %29, label %34, !llvm.loop !18
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: mustprogress nofree nounwind willreturn allockind("alloc,zeroed") allocsize(0,1) memory(inaccessiblemem: readwrite)
declare noalias noundef ptr @calloc(i64 noundef, i64 noundef) local_unnamed_addr #2

; Function Attrs: mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite)
declare noalias noundef ptr @malloc(i64 noundef) local_unnamed_addr #3

; Function Attrs: nounwind
declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #4

; Function Attrs: nofree norecurse nounwind memory(readwrite, inaccessiblemem: none) uwtable
define internal noalias noundef ptr @worker(ptr nocapture noundef %0) #5 {
  %2 = load ptr, ptr @stats, align 8, !tbaa !5
  %3 = getelementptr inbounds i8, ptr %0, i64 8
  br label %5

4:                                                ; preds = %5
  ret ptr null

5:                                                ; preds = %1, %5
  %6 = phi i64 [ 0, %1 ], [ %13, %5 ]
  %7 = load i32, ptr %0, align 8, !tbaa !9
  %8 = sext i32 %7 to i64
  %9 = getelementptr inbounds %struct.stat, ptr %2, i64 %8
  %10 = atomicrmw add ptr %9, i64 1 monotonic, align 8
  %11 = load i64, ptr %3, align 8, !tbaa !13
  %12 = add nsw i64 %11, %6
  store i64 %12, ptr %3, align 8, !tbaa !13
  %13 = add nsw i64 %6, 1
  %14 = icmp eq i64 %13, 1000
  br i1 %14, label %4, label %5, !llvm.loop !19
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #6

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.umin.i32(i32, i32) #7

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { mustprogress nofree nounwind willreturn allockind("alloc,zeroed") allocsize(0,1) memory(inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nofree norecurse nounwind memory(readwrite, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #8 = { nounwind }
attributes #9 = { nounwind allocsize(0,1) }
attributes #10 = { nounwind allocsize(0) }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"any pointer", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !11, i64 0}
!10 = !{!"arg", !11, i64 0, !12, i64 8}
!11 = !{!"int", !7, i64 0}
!12 = !{!"long", !7, i64 0}
!13 = !{!10, !12, i64 8}
!14 = distinct !{!14, !15, !16}
!15 = !{!"llvm.loop.mustprogress"}
!16 = !{!"llvm.loop.unroll.disable"}
!17 = !{!12, !12, i64 0}
!18 = distinct !{!18, !15, !16}
!19 = distinct !{!19, !15, !16}
