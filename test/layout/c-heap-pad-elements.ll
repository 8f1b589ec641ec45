; Element padding of allocations (x86_64, line 128): memory allocated once
; at start-up whose elements different threads write gets a line-sized slot
; per element, like an array global: the call becomes a line-aligned
; aligned_alloc of n slots (zeroed where calloc's was), and every address
; computed from its result, or from a load of the pointer variable that
; holds only that result, is rebuilt; free() still gets what the allocator
; returned. IR of (clang -O2):
;
;   struct stats { long hits, misses; };
;   struct arg { int id; long sum; };
;   static struct stats *stats;    // calloc(n, 16), held by stats: padded
;   static pthread_mutex_t *locks; // malloc(4 * 40) folded to 160: padded
;   static long iterations;
;   static void *worker(void *p) {
;     struct arg *a = p;           // each thread its element of args
;     for (long i = 0; i < iterations; ++i) {
;       if (i % 3) stats[a->id].hits++; else stats[a->id].misses++;
;       a->sum += i & 7;
;       if ((i & 1023) == 0) {
;         pthread_mutex_lock(&locks[(i >> 10) % 4]);
;         pthread_mutex_unlock(&locks[(i >> 10) % 4]);
;       }
;     }
;     return 0;
;   }
;   int main(int argc, char **argv) {
;     int n = argc > 1 ? atoi(argv[1]) : 2;
;     iterations = argc > 2 ? atol(argv[2]) : 1000000;
;     stats = calloc(n, sizeof *stats);
;     locks = malloc(4 * sizeof *locks);
;     for (int i = 0; i < 4; ++i) pthread_mutex_init(&locks[i], 0);
;     struct arg *args = malloc(n * sizeof *args); // malloc(n * 16): padded
;     pthread_t t[64];
;     for (int i = 0; i < n; ++i) {
;       args[i].id = i; args[i].sum = 0;
;       pthread_create(&t[i], 0, worker, &args[i]);
;     }
;     long total = 0;
;     for (int i = 0; i < n; ++i) {
;       pthread_join(t[i], 0);
;       total += stats[i].hits + stats[i].misses + args[i].sum;
;     }
;     free(args); free(locks); free(stats);
;     return total == 0;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -pass-remarks=cacheline-layout -S %s -o %t.ll 2>%t.rmk
; RUN: FileCheck %s --input-file=%t.ll
; RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
; RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.rmk
;
; Report mode checks the same on the IR and changes nothing.
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.report.json -S %s -o %t.report.ll
; RUN: FileCheck %s --check-prefix=UNCHANGED --input-file=%t.report.ll
; RUN: FileCheck %s --check-prefix=REPORT --input-file=%t.report.json
;
; The facts say what each call allocates (element size, count: 0 when known
; at run time; the lock table is one 160-byte element there, whose indices
; the solver finds) and that the pointer variables hold only allocations.
; RUN: rm -rf %t.facts && %opt -load-pass-plugin=%plugin -passes=cacheline-facts -cacheline-facts-dir=%t.facts -disable-output %s
; RUN: cat %t.facts/*.facts.json > %t.all.json
; RUN: FileCheck %s --check-prefix=FACTS --input-file=%t.all.json

; Calloc's: n slots of 128 bytes, or none where the product overflows; the
; zeroes only where the allocation succeeded.
; CHECK: define dso_local {{.*}} @main(
; CHECK: [[N:%.*]] = call { i64, i1 } @llvm.umul.with.overflow.i64(i64 %{{.*}}, i64 128)
; CHECK: [[STATS:%.*]] = call noalias align 128 ptr @aligned_alloc(i64 128, i64 [[BYTES:%.*]])
; CHECK-NEXT: icmp ne ptr [[STATS]], null
; CHECK: call void @llvm.memset.p0.i64(ptr align 128 [[STATS]], i8 0, i64 [[BYTES]], i1 false)
; CHECK: store ptr [[STATS]], ptr @stats
; The lock table: 4 slots; its constant addresses fold (lock 1 at 128).
; CHECK: [[LOCKS:%.*]] = call noalias align 128 ptr @aligned_alloc(i64 128, i64 512)
; CHECK: call i32 @pthread_mutex_init(ptr noundef [[LOCKS]], ptr noundef null)
; CHECK-NEXT: [[L:%.*]] = load ptr, ptr @locks
; CHECK-NEXT: [[L1:%.*]] = getelementptr inbounds i8, ptr [[L]], i64 128
; CHECK-NEXT: call i32 @pthread_mutex_init(ptr noundef nonnull [[L1]], ptr noundef null)
; The thread arguments: each thread gets the address of its slot.
; CHECK: [[ARGS:%.*]] = call noalias align 128 ptr @aligned_alloc(i64 128, i64 %{{.*}})
; CHECK: [[ARG:%.*]] = getelementptr inbounds [128 x i8], ptr [[ARGS]], i64 [[I:%.*]]
; CHECK: call i32 @pthread_create(ptr {{.*}}, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull [[ARG]])
; What reaches free() is what the allocator returned.
; CHECK: call void @free(ptr noundef [[ARGS]])
; CHECK-NEXT: [[FREED:%.*]] = load ptr, ptr @locks
; CHECK-NEXT: call void @free(ptr noundef [[FREED]])
; In the worker, the loads of the pointer variables index slots.
; CHECK: define internal {{.*}} @worker(
; CHECK: [[S:%.*]] = load ptr, ptr @stats
; CHECK: getelementptr inbounds [128 x i8], ptr [[S]], i64
; CHECK: [[L:%.*]] = load ptr, ptr @locks
; CHECK: getelementptr inbounds [128 x i8], ptr [[L]], i64
; CHECK-NOT: call {{.*}} @calloc(
; CHECK-NOT: call {{.*}} @malloc(

; JSON: "allocations": [
; JSON-NEXT: {"allocated":"start-up","allocator":"calloc","call":2,"call_path":["main"],"class":"write-hot","element_size":16,"elements":0,"function":"main","held_by":["stats"],"inner_layout":"each element padded from 16 to 128 bytes (112 more per element; their number known at run time)","module":"heap_pad.c","reason":"written while threads run: store in worker (thread entry) in a loop","slot_size":128}
; JSON-NEXT: {"allocated":"start-up","allocator":"malloc","call":3,"call_path":["main"],"class":"write-hot","element_size":40,"elements":4,"function":"main","held_by":["locks"],"inner_layout":"each of its 4 elements padded from 40 to 128 bytes",{{.*}}"slot_size":128}
; JSON-NEXT: {"allocated":"start-up","allocator":"malloc","call":8,"call_path":["main"],"class":"write-hot","element_size":16,"elements":0,"function":"main","inner_layout":"each element padded from 16 to 128 bytes {{.*}}","slot_size":128}
; JSON-NEXT: ],

; REMARK: remark: <unknown>:0:0: allocation by calloc in main: each element padded from 16 to 128 bytes
; REMARK: remark: <unknown>:0:0: allocation by malloc in main: each of its 4 elements padded from 40 to 128 bytes
; REMARK: remark: <unknown>:0:0: allocation by malloc in main: each element padded from 16 to 128 bytes

; UNCHANGED: call noalias ptr @calloc(
; UNCHANGED-NOT: aligned_alloc
; REPORT: {"allocated":"start-up","allocator":"calloc",{{.*}}"inner_layout":"each element padded from 16 to 128 bytes {{.*}}"reason":"{{[^"]*}}"}
; REPORT-NOT: slot_size

; FACTS-DAG: {"aes":16,"b":3,"callee":"calloc",
; FACTS-DAG: {"acount":1,"aes":160,"b":3,"callee":"malloc",
; FACTS-DAG: {"aes":16,"b":3,"callee":"malloc",
; FACTS-DAG: "name":"stats","ptrfresh":true,"ptrvar":true
; FACTS-DAG: "name":"locks","ptrfresh":true,"ptrvar":true

; ModuleID = 'heap_pad.c'
source_filename = "heap_pad.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.arg = type { i32, i64 }
%struct.stats = type { i64, i64 }
%union.pthread_mutex_t = type { %struct.__pthread_mutex_s }
%struct.__pthread_mutex_s = type { i32, i32, i32, i32, i32, i16, i16, %struct.__pthread_internal_list }
%struct.__pthread_internal_list = type { ptr, ptr }

@iterations = internal unnamed_addr global i64 0, align 8
@stats = internal unnamed_addr global ptr null, align 8
@locks = internal unnamed_addr global ptr null, align 8

; Function Attrs: nounwind uwtable
define dso_local i32 @main(i32 noundef %0, ptr nocapture noundef readonly %1) local_unnamed_addr #0 {
  %3 = alloca [64 x i64], align 16
  %4 = icmp sgt i32 %0, 1
  br i1 %4, label %5, label %15

5:                                                ; preds = %2
  %6 = getelementptr inbounds i8, ptr %1, i64 8
  %7 = load ptr, ptr %6, align 8, !tbaa !5
  %8 = tail call i64 @strtol(ptr nocapture noundef nonnull %7, ptr noundef null, i32 noundef 10) #8
  %9 = trunc i64 %8 to i32
  %10 = icmp eq i32 %0, 2
  br i1 %10, label %15, label %11

11:                                               ; preds = %5
  %12 = getelementptr inbounds i8, ptr %1, i64 16
  %13 = load ptr, ptr %12, align 8, !tbaa !5
  %14 = tail call i64 @strtol(ptr nocapture noundef nonnull %13, ptr noundef null, i32 noundef 10) #8
  br label %15

15:                                               ; preds = %2, %5, %11
  %16 = phi i32 [ %9, %11 ], [ %9, %5 ], [ 2, %2 ]
  %17 = phi i64 [ %14, %11 ], [ 1000000, %5 ], [ 1000000, %2 ]
  store i64 %17, ptr @iterations, align 8, !tbaa !9
  %18 = sext i32 %16 to i64
  %19 = tail call noalias ptr @calloc(i64 noundef %18, i64 noundef 16) #9
  store ptr %19, ptr @stats, align 8, !tbaa !5
  %20 = tail call noalias dereferenceable_or_null(160) ptr @malloc(i64 noundef 160) #10
  store ptr %20, ptr @locks, align 8, !tbaa !5
  %21 = tail call i32 @pthread_mutex_init(ptr noundef %20, ptr noundef null) #8
  %22 = load ptr, ptr @locks, align 8, !tbaa !5
  %23 = getelementptr inbounds i8, ptr %22, i64 40
  %24 = tail call i32 @pthread_mutex_init(ptr noundef nonnull %23, ptr noundef null) #8
  %25 = load ptr, ptr @locks, align 8, !tbaa !5
  %26 = getelementptr inbounds i8, ptr %25, i64 80
  %27 = tail call i32 @pthread_mutex_init(ptr noundef nonnull %26, ptr noundef null) #8
  %28 = load ptr, ptr @locks, align 8, !tbaa !5
  %29 = getelementptr inbounds i8, ptr %28, i64 120
  %30 = tail call i32 @pthread_mutex_init(ptr noundef nonnull %29, ptr noundef null) #8
  %31 = shl nsw i64 %18, 4
  %32 = tail call noalias ptr @malloc(i64 noundef %31) #10
  call void @llvm.lifetime.start.p0(i64 512, ptr nonnull %3) #8
  %33 = icmp sgt i32 %16, 0
  br i1 %33, label %34, label %37

34:                                               ; preds = %15
  %35 = zext i32 %16 to i64
  br label %41

36:                                               ; preds = %41
  br i1 %33, label %39, label %37

37:                                               ; preds = %15, %36
  %38 = load ptr, ptr @stats, align 8, !tbaa !5
  br label %53

39:                                               ; preds = %36
  %40 = zext i32 %16 to i64
  br label %57

41:                                               ; preds = %34, %41
  %42 = phi i64 [ 0, %34 ], [ %48, %41 ]
  %43 = getelementptr inbounds %struct.arg, ptr %32, i64 %42
  %44 = trunc i64 %42 to i32
  store i32 %44, ptr %43, align 8, !tbaa !11
  %45 = getelementptr inbounds i8, ptr %43, i64 8
  store i64 0, ptr %45, align 8, !tbaa !14
  %46 = getelementptr inbounds [64 x i64], ptr %3, i64 0, i64 %42
  %47 = call i32 @pthread_create(ptr noundef nonnull %46, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull %43) #8
  %48 = add nsw i64 %42, 1
  %49 = icmp eq i64 %48, %35
  br i1 %49, label %36, label %41, !llvm.loop !15

50:                                               ; preds = %57
  %51 = icmp eq i64 %72, 0
  %52 = zext i1 %51 to i32
  br label %53

53:                                               ; preds = %37, %50
  %54 = phi ptr [ %38, %37 ], [ %63, %50 ]
  %55 = phi i32 [ 1, %37 ], [ %52, %50 ]
  call void @free(ptr noundef %32) #8
  %56 = load ptr, ptr @locks, align 8, !tbaa !5
  call void @free(ptr noundef %56) #8
  call void @free(ptr noundef %54) #8
  call void @llvm.lifetime.end.p0(i64 512, ptr nonnull %3) #8
  ret i32 %55

57:                                               ; preds = %39, %57
  %58 = phi i64 [ 0, %39 ], [ %73, %57 ]
  %59 = phi i64 [ 0, %39 ], [ %72, %57 ]
  %60 = getelementptr inbounds [64 x i64], ptr %3, i64 0, i64 %58
  %61 = load i64, ptr %60, align 8, !tbaa !9
  %62 = call i32 @pthread_join(i64 noundef %61, ptr noundef null) #8
  %63 = load ptr, ptr @stats, align 8, !tbaa !5
  %64 = getelementptr inbounds %struct.stats, ptr %63, i64 %58
  %65 = load i64, ptr %64, align 8, !tbaa !17
  %66 = getelementptr inbounds i8, ptr %64, i64 8
  %67 = load i64, ptr %66, align 8, !tbaa !19
  %68 = getelementptr inbounds %struct.arg, ptr %32, i64 %58, i32 1
  %69 = load i64, ptr %68, align 8, !tbaa !14
  %70 = add i64 %65, %59
  %71 = add i64 %70, %67
  %72 = add i64 %71, %69
  %73 = add nsw i64 %58, 1
  %74 = icmp eq i64 %73, %40
  br i1 %74, label %50, label %57, !llvm.loop !20
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: mustprogress nofree nounwind willreturn allockind("alloc,zeroed") allocsize(0,1) memory(inaccessiblemem: readwrite)
declare noalias noundef ptr @calloc(i64 noundef, i64 noundef) local_unnamed_addr #2

; Function Attrs: mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite)
declare noalias noundef ptr @malloc(i64 noundef) local_unnamed_addr #3

; Function Attrs: nounwind
declare i32 @pthread_mutex_init(ptr noundef, ptr noundef) local_unnamed_addr #4

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nounwind
declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #4

; Function Attrs: nounwind uwtable
define internal noalias noundef ptr @worker(ptr nocapture noundef %0) #0 {
  %2 = load i64, ptr @iterations, align 8, !tbaa !9
  %3 = icmp sgt i64 %2, 0
  br i1 %3, label %4, label %6

4:                                                ; preds = %1
  %5 = getelementptr inbounds i8, ptr %0, i64 8
  br label %7

6:                                                ; preds = %35, %1
  ret ptr null

7:                                                ; preds = %4, %35
  %8 = phi i64 [ %2, %4 ], [ %36, %35 ]
  %9 = phi i64 [ 0, %4 ], [ %37, %35 ]
  %10 = urem i64 %9, 3
  %11 = icmp eq i64 %10, 0
  %12 = load ptr, ptr @stats, align 8, !tbaa !5
  %13 = load i32, ptr %0, align 8, !tbaa !11
  %14 = sext i32 %13 to i64
  %15 = getelementptr inbounds %struct.stats, ptr %12, i64 %14, i32 1
  %16 = getelementptr inbounds %struct.stats, ptr %12, i64 %14
  %17 = select i1 %11, ptr %15, ptr %16
  %18 = load i64, ptr %17, align 8, !tbaa !9
  %19 = add nsw i64 %18, 1
  store i64 %19, ptr %17, align 8, !tbaa !9
  %20 = and i64 %9, 7
  %21 = load i64, ptr %5, align 8, !tbaa !14
  %22 = add nsw i64 %21, %20
  store i64 %22, ptr %5, align 8, !tbaa !14
  %23 = and i64 %9, 1023
  %24 = icmp eq i64 %23, 0
  br i1 %24, label %25, label %35

25:                                               ; preds = %7
  %26 = load ptr, ptr @locks, align 8, !tbaa !5
  %27 = lshr exact i64 %9, 10
  %28 = and i64 %27, 3
  %29 = getelementptr inbounds %union.pthread_mutex_t, ptr %26, i64 %28
  %30 = tail call i32 @pthread_mutex_lock(ptr noundef %29) #8
  %31 = load ptr, ptr @locks, align 8, !tbaa !5
  %32 = getelementptr inbounds %union.pthread_mutex_t, ptr %31, i64 %28
  %33 = tail call i32 @pthread_mutex_unlock(ptr noundef %32) #8
  %34 = load i64, ptr @iterations, align 8, !tbaa !9
  br label %35

35:                                               ; preds = %7, %25
  %36 = phi i64 [ %8, %7 ], [ %34, %25 ]
  %37 = add nsw i64 %9, 1
  %38 = icmp slt i64 %37, %36
  br i1 %38, label %7, label %6, !llvm.loop !21
}

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #5

; Function Attrs: mustprogress nounwind willreturn allockind("free") memory(argmem: readwrite, inaccessiblemem: readwrite)
declare void @free(ptr allocptr nocapture noundef) local_unnamed_addr #6

; Function Attrs: mustprogress nofree nounwind willreturn
declare i64 @strtol(ptr noundef readonly, ptr nocapture noundef, i32 noundef) local_unnamed_addr #7

; Function Attrs: nounwind
declare i32 @pthread_mutex_lock(ptr noundef) local_unnamed_addr #4

; Function Attrs: nounwind
declare i32 @pthread_mutex_unlock(ptr noundef) local_unnamed_addr #4

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { mustprogress nofree nounwind willreturn allockind("alloc,zeroed") allocsize(0,1) memory(inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { mustprogress nounwind willreturn allockind("free") memory(argmem: readwrite, inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { mustprogress nofree nounwind willreturn "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
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
!9 = !{!10, !10, i64 0}
!10 = !{!"long", !7, i64 0}
!11 = !{!12, !13, i64 0}
!12 = !{!"arg", !13, i64 0, !10, i64 8}
!13 = !{!"int", !7, i64 0}
!14 = !{!12, !10, i64 8}
!15 = distinct !{!15, !16}
!16 = !{!"llvm.loop.mustprogress"}
!17 = !{!18, !10, i64 0}
!18 = !{!"stats", !10, i64 0, !10, i64 8}
!19 = !{!18, !10, i64 8}
!20 = distinct !{!20, !16}
!21 = distinct !{!21, !16}
