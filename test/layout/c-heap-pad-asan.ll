; The element padding of allocations in a program built with
; -fsanitize=address (test/layout/c-heap-pad-elements.ll's source, clang
; -O2 -fsanitize=address): the sanitizer's shadow checks of an address, its
; global descriptors and redzones, and its checked memory calls are no use
; of the program's objects, so the same three allocations are padded, and
; each check then checks the new address: the sanitizer sees whether the
; rewritten accesses stay inside their allocations.
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll
; RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json

; CHECK: define internal {{.*}} @worker(
; CHECK: [[SLOT:%.*]] = getelementptr inbounds [128 x i8], ptr [[STATS:%.*]], i64 [[ID:%.*]]
; CHECK: [[MISSES:%.*]] = getelementptr inbounds [128 x i8], ptr [[STATS]], i64 [[ID]]
; CHECK: [[P:%.*]] = select i1 %{{.*}}, ptr %{{.*}}, ptr [[MISSES]]
; CHECK-NEXT: [[INT:%.*]] = ptrtoint ptr [[P]] to i64
; CHECK-NEXT: lshr i64 [[INT]], 3
; CHECK: call void @__asan_report_load8(i64 [[INT]])

; JSON: "allocations": [
; JSON-NEXT: {"allocated":"start-up","allocator":"calloc",{{.*}}"held_by":["stats"],{{.*}}"slot_size":128}
; JSON-NEXT: {"allocated":"start-up","allocator":"malloc",{{.*}}"element_size":40,"elements":4,{{.*}}"held_by":["locks"],{{.*}}"slot_size":128}
; JSON-NEXT: {"allocated":"start-up","allocator":"malloc",{{.*}}"element_size":16,{{.*}}"slot_size":128}
; JSON-NEXT: ],

; ModuleID = 'heap_pad.c'
source_filename = "heap_pad.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.arg = type { i32, i64 }
%struct.stats = type { i64, i64 }
%union.pthread_mutex_t = type { %struct.__pthread_mutex_s }
%struct.__pthread_mutex_s = type { i32, i32, i32, i32, i32, i16, i16, %struct.__pthread_internal_list }
%struct.__pthread_internal_list = type { ptr, ptr }

$asan.module_ctor = comdat any

$asan.module_dtor = comdat any

$iterations.21576b91ab9b15712202e1b4a494877f = comdat any

$stats.21576b91ab9b15712202e1b4a494877f = comdat any

$locks.21576b91ab9b15712202e1b4a494877f = comdat any

@iterations = internal global { i64, [24 x i8] } zeroinitializer, comdat($iterations.21576b91ab9b15712202e1b4a494877f), align 32
@stats = internal global { ptr, [24 x i8] } zeroinitializer, comdat($stats.21576b91ab9b15712202e1b4a494877f), align 32
@locks = internal global { ptr, [24 x i8] } zeroinitializer, comdat($locks.21576b91ab9b15712202e1b4a494877f), align 32
@__asan_option_detect_stack_use_after_return = external global i32
@___asan_gen_ = private unnamed_addr constant [13 x i8] c"1 32 512 1 t\00", align 1
@___asan_gen_.1 = private constant [11 x i8] c"heap_pad.c\00", align 1
@___asan_gen_.2 = private unnamed_addr constant [11 x i8] c"iterations\00", align 1
@___asan_gen_.3 = private unnamed_addr constant [6 x i8] c"stats\00", align 1
@___asan_gen_.4 = private unnamed_addr constant [6 x i8] c"locks\00", align 1
@__asan_global_iterations = private global { i64, i64, i64, i64, i64, i64, i64, i64 } { i64 ptrtoint (ptr @0 to i64), i64 8, i64 32, i64 ptrtoint (ptr @___asan_gen_.2 to i64), i64 ptrtoint (ptr @___asan_gen_.1 to i64), i64 0, i64 0, i64 -1 }, section "asan_globals", comdat($iterations.21576b91ab9b15712202e1b4a494877f), !associated !0
@__asan_global_stats = private global { i64, i64, i64, i64, i64, i64, i64, i64 } { i64 ptrtoint (ptr @1 to i64), i64 8, i64 32, i64 ptrtoint (ptr @___asan_gen_.3 to i64), i64 ptrtoint (ptr @___asan_gen_.1 to i64), i64 0, i64 0, i64 -1 }, section "asan_globals", comdat($stats.21576b91ab9b15712202e1b4a494877f), !associated !1
@__asan_global_locks = private global { i64, i64, i64, i64, i64, i64, i64, i64 } { i64 ptrtoint (ptr @2 to i64), i64 8, i64 32, i64 ptrtoint (ptr @___asan_gen_.4 to i64), i64 ptrtoint (ptr @___asan_gen_.1 to i64), i64 0, i64 0, i64 -1 }, section "asan_globals", comdat($locks.21576b91ab9b15712202e1b4a494877f), !associated !2
@llvm.compiler.used = appending global [6 x ptr] [ptr @iterations, ptr @stats, ptr @locks, ptr @__asan_global_iterations, ptr @__asan_global_stats, ptr @__asan_global_locks], section "llvm.metadata"
@___asan_globals_registered = common hidden global i64 0
@__start_asan_globals = extern_weak hidden global i64
@__stop_asan_globals = extern_weak hidden global i64
@llvm.used = appending global [2 x ptr] [ptr @asan.module_ctor, ptr @asan.module_dtor], section "llvm.metadata"
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 1, ptr @asan.module_ctor, ptr @asan.module_ctor }]
@llvm.global_dtors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 1, ptr @asan.module_dtor, ptr @asan.module_dtor }]

@0 = private alias { i64, [24 x i8] }, ptr @iterations
@1 = private alias { ptr, [24 x i8] }, ptr @stats
@2 = private alias { ptr, [24 x i8] }, ptr @locks

; Function Attrs: nounwind sanitize_address uwtable
define dso_local i32 @main(i32 noundef %argc, ptr nocapture noundef readonly %argv) local_unnamed_addr #0 {
entry:
  %asan_local_stack_base = alloca i64, align 8
  %0 = load i32, ptr @__asan_option_detect_stack_use_after_return, align 4
  %1 = icmp ne i32 %0, 0
  br i1 %1, label %2, label %4

2:                                                ; preds = %entry
  %3 = call i64 @__asan_stack_malloc_4(i64 608)
  br label %4

4:                                                ; preds = %entry, %2
  %5 = phi i64 [ 0, %entry ], [ %3, %2 ]
  %6 = icmp eq i64 %5, 0
  br i1 %6, label %7, label %9

7:                                                ; preds = %4
  %MyAlloca = alloca i8, i64 608, align 32
  %8 = ptrtoint ptr %MyAlloca to i64
  br label %9

9:                                                ; preds = %4, %7
  %10 = phi i64 [ %5, %4 ], [ %8, %7 ]
  store i64 %10, ptr %asan_local_stack_base, align 8
  %11 = add i64 %10, 32
  %12 = inttoptr i64 %11 to ptr
  %13 = inttoptr i64 %10 to ptr
  store i64 1102416563, ptr %13, align 8
  %14 = add i64 %10, 8
  %15 = inttoptr i64 %14 to ptr
  store i64 ptrtoint (ptr @___asan_gen_ to i64), ptr %15, align 8
  %16 = add i64 %10, 16
  %17 = inttoptr i64 %16 to ptr
  store i64 ptrtoint (ptr @main to i64), ptr %17, align 8
  %18 = lshr i64 %10, 3
  %19 = add i64 %18, 2147450880
  %20 = add i64 %19, 0
  %21 = inttoptr i64 %20 to ptr
  store i32 -235802127, ptr %21, align 1
  %22 = add i64 %19, 4
  call void @__asan_set_shadow_f8(i64 %22, i64 64)
  %23 = add i64 %19, 68
  %24 = inttoptr i64 %23 to ptr
  store i64 -868082074056920077, ptr %24, align 1
  %cmp = icmp sgt i32 %argc, 1
  br i1 %cmp, label %cond.end, label %cond.end6

cond.end:                                         ; preds = %9
  %arrayidx = getelementptr inbounds i8, ptr %argv, i64 8
  %25 = ptrtoint ptr %arrayidx to i64
  %26 = lshr i64 %25, 3
  %27 = add i64 %26, 2147450880
  %28 = inttoptr i64 %27 to ptr
  %29 = load i8, ptr %28, align 1
  %30 = icmp ne i8 %29, 0
  br i1 %30, label %31, label %32

31:                                               ; preds = %cond.end
  call void @__asan_report_load8(i64 %25) #9
  unreachable

32:                                               ; preds = %cond.end
  %33 = load ptr, ptr %arrayidx, align 8, !tbaa !8
  %call.i = tail call i64 @strtol(ptr nocapture noundef nonnull %33, ptr noundef null, i32 noundef 10) #10
  %conv.i = trunc i64 %call.i to i32
  %cmp1.not = icmp eq i32 %argc, 2
  br i1 %cmp1.not, label %cond.end6, label %cond.true2

cond.true2:                                       ; preds = %32
  %arrayidx3 = getelementptr inbounds i8, ptr %argv, i64 16
  %34 = ptrtoint ptr %arrayidx3 to i64
  %35 = lshr i64 %34, 3
  %36 = add i64 %35, 2147450880
  %37 = inttoptr i64 %36 to ptr
  %38 = load i8, ptr %37, align 1
  %39 = icmp ne i8 %38, 0
  br i1 %39, label %40, label %41

40:                                               ; preds = %cond.true2
  call void @__asan_report_load8(i64 %34) #9
  unreachable

41:                                               ; preds = %cond.true2
  %42 = load ptr, ptr %arrayidx3, align 8, !tbaa !8
  %call.i80 = tail call i64 @strtol(ptr nocapture noundef nonnull %42, ptr noundef null, i32 noundef 10) #10
  br label %cond.end6

cond.end6:                                        ; preds = %9, %32, %41
  %cond83 = phi i32 [ %conv.i, %41 ], [ %conv.i, %32 ], [ 2, %9 ]
  %cond7 = phi i64 [ %call.i80, %41 ], [ 1000000, %32 ], [ 1000000, %9 ]
  store i64 %cond7, ptr @iterations, align 8, !tbaa !12
  %conv = sext i32 %cond83 to i64
  %call8 = tail call noalias ptr @calloc(i64 noundef %conv, i64 noundef 16) #11
  store ptr %call8, ptr @stats, align 8, !tbaa !8
  %call9 = tail call noalias dereferenceable_or_null(160) ptr @malloc(i64 noundef 160) #12
  store ptr %call9, ptr @locks, align 8, !tbaa !8
  %call13 = tail call i32 @pthread_mutex_init(ptr noundef %call9, ptr noundef null) #10
  %43 = load ptr, ptr @locks, align 8, !tbaa !8
  %arrayidx12.1 = getelementptr inbounds i8, ptr %43, i64 40
  %call13.1 = tail call i32 @pthread_mutex_init(ptr noundef nonnull %arrayidx12.1, ptr noundef null) #10
  %44 = load ptr, ptr @locks, align 8, !tbaa !8
  %arrayidx12.2 = getelementptr inbounds i8, ptr %44, i64 80
  %call13.2 = tail call i32 @pthread_mutex_init(ptr noundef nonnull %arrayidx12.2, ptr noundef null) #10
  %45 = load ptr, ptr @locks, align 8, !tbaa !8
  %arrayidx12.3 = getelementptr inbounds i8, ptr %45, i64 120
  %call13.3 = tail call i32 @pthread_mutex_init(ptr noundef nonnull %arrayidx12.3, ptr noundef null) #10
  %mul = shl nsw i64 %conv, 4
  %call15 = tail call noalias ptr @malloc(i64 noundef %mul) #12
  %46 = add i64 %19, 4
  call void @__asan_set_shadow_00(i64 %46, i64 64)
  call void @llvm.lifetime.start.p0(i64 512, ptr nonnull %12) #10
  %cmp1885 = icmp sgt i32 %cond83, 0
  br i1 %cmp1885, label %for.body21.preheader, label %for.cond.cleanup38

for.body21.preheader:                             ; preds = %cond.end6
  %wide.trip.count = zext i32 %cond83 to i64
  br label %for.body21

for.cond35.preheader:                             ; preds = %68
  br i1 %cmp1885, label %for.body39.preheader, label %for.cond.cleanup38

for.body39.preheader:                             ; preds = %for.cond35.preheader
  %wide.trip.count95 = zext i32 %cond83 to i64
  br label %for.body39

for.body21:                                       ; preds = %for.body21.preheader, %68
  %indvars.iv = phi i64 [ 0, %for.body21.preheader ], [ %indvars.iv.next, %68 ]
  %arrayidx23 = getelementptr inbounds %struct.arg, ptr %call15, i64 %indvars.iv
  %47 = trunc i64 %indvars.iv to i32
  %48 = ptrtoint ptr %arrayidx23 to i64
  %49 = lshr i64 %48, 3
  %50 = add i64 %49, 2147450880
  %51 = inttoptr i64 %50 to ptr
  %52 = load i8, ptr %51, align 1
  %53 = icmp ne i8 %52, 0
  br i1 %53, label %54, label %60, !prof !14

54:                                               ; preds = %for.body21
  %55 = and i64 %48, 7
  %56 = add i64 %55, 3
  %57 = trunc i64 %56 to i8
  %58 = icmp sge i8 %57, %52
  br i1 %58, label %59, label %60

59:                                               ; preds = %54
  call void @__asan_report_store4(i64 %48) #9
  unreachable

60:                                               ; preds = %54, %for.body21
  store i32 %47, ptr %arrayidx23, align 8, !tbaa !15
  %sum = getelementptr inbounds i8, ptr %arrayidx23, i64 8
  %61 = ptrtoint ptr %sum to i64
  %62 = lshr i64 %61, 3
  %63 = add i64 %62, 2147450880
  %64 = inttoptr i64 %63 to ptr
  %65 = load i8, ptr %64, align 1
  %66 = icmp ne i8 %65, 0
  br i1 %66, label %67, label %68

67:                                               ; preds = %60
  call void @__asan_report_store8(i64 %61) #9
  unreachable

68:                                               ; preds = %60
  store i64 0, ptr %sum, align 8, !tbaa !18
  %arrayidx27 = getelementptr inbounds [64 x i64], ptr %12, i64 0, i64 %indvars.iv
  %call30 = call i32 @pthread_create(ptr noundef nonnull %arrayidx27, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull %arrayidx23) #10
  %indvars.iv.next = add nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond35.preheader, label %for.body21, !llvm.loop !19

for.cond.cleanup38.loopexit:                      ; preds = %119
  %69 = icmp eq i64 %add51, 0
  %70 = zext i1 %69 to i32
  br label %for.cond.cleanup38

for.cond.cleanup38:                               ; preds = %cond.end6, %for.cond.cleanup38.loopexit, %for.cond35.preheader
  %total.0.lcssa = phi i32 [ 1, %for.cond35.preheader ], [ %70, %for.cond.cleanup38.loopexit ], [ 1, %cond.end6 ]
  call void @free(ptr noundef %call15) #10
  %71 = load ptr, ptr @locks, align 8, !tbaa !8
  call void @free(ptr noundef %71) #10
  %72 = load ptr, ptr @stats, align 8, !tbaa !8
  call void @free(ptr noundef %72) #10
  %73 = add i64 %19, 4
  call void @__asan_set_shadow_f8(i64 %73, i64 64)
  call void @llvm.lifetime.end.p0(i64 512, ptr nonnull %12) #10
  store i64 1172321806, ptr %13, align 8
  %74 = icmp ne i64 %5, 0
  br i1 %74, label %75, label %81

75:                                               ; preds = %for.cond.cleanup38
  %76 = add i64 %19, 0
  call void @__asan_set_shadow_f5(i64 %76, i64 128)
  %77 = add i64 %5, 1016
  %78 = inttoptr i64 %77 to ptr
  %79 = load i64, ptr %78, align 8
  %80 = inttoptr i64 %79 to ptr
  store i8 0, ptr %80, align 1
  br label %83

81:                                               ; preds = %for.cond.cleanup38
  %82 = add i64 %19, 0
  call void @__asan_set_shadow_00(i64 %82, i64 76)
  br label %83

83:                                               ; preds = %81, %75
  ret i32 %total.0.lcssa

for.body39:                                       ; preds = %for.body39.preheader, %119
  %indvars.iv92 = phi i64 [ 0, %for.body39.preheader ], [ %indvars.iv.next93, %119 ]
  %total.088 = phi i64 [ 0, %for.body39.preheader ], [ %add51, %119 ]
  %arrayidx41 = getelementptr inbounds [64 x i64], ptr %12, i64 0, i64 %indvars.iv92
  %84 = ptrtoint ptr %arrayidx41 to i64
  %85 = lshr i64 %84, 3
  %86 = add i64 %85, 2147450880
  %87 = inttoptr i64 %86 to ptr
  %88 = load i8, ptr %87, align 1
  %89 = icmp ne i8 %88, 0
  br i1 %89, label %90, label %91

90:                                               ; preds = %for.body39
  call void @__asan_report_load8(i64 %84) #9
  unreachable

91:                                               ; preds = %for.body39
  %92 = load i64, ptr %arrayidx41, align 8, !tbaa !12
  %call42 = call i32 @pthread_join(i64 noundef %92, ptr noundef null) #10
  %93 = load ptr, ptr @stats, align 8, !tbaa !8
  %arrayidx44 = getelementptr inbounds %struct.stats, ptr %93, i64 %indvars.iv92
  %94 = ptrtoint ptr %arrayidx44 to i64
  %95 = lshr i64 %94, 3
  %96 = add i64 %95, 2147450880
  %97 = inttoptr i64 %96 to ptr
  %98 = load i8, ptr %97, align 1
  %99 = icmp ne i8 %98, 0
  br i1 %99, label %100, label %101

100:                                              ; preds = %91
  call void @__asan_report_load8(i64 %94) #9
  unreachable

101:                                              ; preds = %91
  %102 = load i64, ptr %arrayidx44, align 8, !tbaa !21
  %misses = getelementptr inbounds i8, ptr %arrayidx44, i64 8
  %103 = ptrtoint ptr %misses to i64
  %104 = lshr i64 %103, 3
  %105 = add i64 %104, 2147450880
  %106 = inttoptr i64 %105 to ptr
  %107 = load i8, ptr %106, align 1
  %108 = icmp ne i8 %107, 0
  br i1 %108, label %109, label %110

109:                                              ; preds = %101
  call void @__asan_report_load8(i64 %103) #9
  unreachable

110:                                              ; preds = %101
  %111 = load i64, ptr %misses, align 8, !tbaa !23
  %sum49 = getelementptr inbounds %struct.arg, ptr %call15, i64 %indvars.iv92, i32 1
  %112 = ptrtoint ptr %sum49 to i64
  %113 = lshr i64 %112, 3
  %114 = add i64 %113, 2147450880
  %115 = inttoptr i64 %114 to ptr
  %116 = load i8, ptr %115, align 1
  %117 = icmp ne i8 %116, 0
  br i1 %117, label %118, label %119

118:                                              ; preds = %110
  call void @__asan_report_load8(i64 %112) #9
  unreachable

119:                                              ; preds = %110
  %120 = load i64, ptr %sum49, align 8, !tbaa !18
  %add = add i64 %102, %total.088
  %add50 = add i64 %add, %111
  %add51 = add i64 %add50, %120
  %indvars.iv.next93 = add nsw i64 %indvars.iv92, 1
  %exitcond96.not = icmp eq i64 %indvars.iv.next93, %wide.trip.count95
  br i1 %exitcond96.not, label %for.cond.cleanup38.loopexit, label %for.body39, !llvm.loop !24
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

; Function Attrs: nounwind sanitize_address uwtable
define internal noalias noundef ptr @worker(ptr nocapture noundef %p) #0 {
entry:
  %0 = load i64, ptr @iterations, align 8, !tbaa !12
  %cmp24 = icmp sgt i64 %0, 0
  br i1 %cmp24, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %sum = getelementptr inbounds i8, ptr %p, i64 8
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.inc, %entry
  ret ptr null

for.body:                                         ; preds = %for.body.lr.ph, %for.inc
  %i.025 = phi i64 [ 0, %for.body.lr.ph ], [ %inc15, %for.inc ]
  %rem = urem i64 %i.025, 3
  %tobool.not = icmp eq i64 %rem, 0
  %1 = load ptr, ptr @stats, align 8, !tbaa !8
  %2 = ptrtoint ptr %p to i64
  %3 = lshr i64 %2, 3
  %4 = add i64 %3, 2147450880
  %5 = inttoptr i64 %4 to ptr
  %6 = load i8, ptr %5, align 1
  %7 = icmp ne i8 %6, 0
  br i1 %7, label %8, label %14, !prof !14

8:                                                ; preds = %for.body
  %9 = and i64 %2, 7
  %10 = add i64 %9, 3
  %11 = trunc i64 %10 to i8
  %12 = icmp sge i8 %11, %6
  br i1 %12, label %13, label %14

13:                                               ; preds = %8
  call void @__asan_report_load4(i64 %2) #9
  unreachable

14:                                               ; preds = %8, %for.body
  %15 = load i32, ptr %p, align 8, !tbaa !15
  %idxprom2 = sext i32 %15 to i64
  %misses = getelementptr inbounds %struct.stats, ptr %1, i64 %idxprom2, i32 1
  %arrayidx = getelementptr inbounds %struct.stats, ptr %1, i64 %idxprom2
  %misses.sink26 = select i1 %tobool.not, ptr %misses, ptr %arrayidx
  %16 = ptrtoint ptr %misses.sink26 to i64
  %17 = lshr i64 %16, 3
  %18 = add i64 %17, 2147450880
  %19 = inttoptr i64 %18 to ptr
  %20 = load i8, ptr %19, align 1
  %21 = icmp ne i8 %20, 0
  br i1 %21, label %22, label %23

22:                                               ; preds = %14
  call void @__asan_report_load8(i64 %16) #9
  unreachable

23:                                               ; preds = %14
  %24 = load i64, ptr %misses.sink26, align 8, !tbaa !12
  %inc4 = add nsw i64 %24, 1
  store i64 %inc4, ptr %misses.sink26, align 8, !tbaa !12
  %and = and i64 %i.025, 7
  %25 = ptrtoint ptr %sum to i64
  %26 = lshr i64 %25, 3
  %27 = add i64 %26, 2147450880
  %28 = inttoptr i64 %27 to ptr
  %29 = load i8, ptr %28, align 1
  %30 = icmp ne i8 %29, 0
  br i1 %30, label %31, label %32

31:                                               ; preds = %23
  call void @__asan_report_load8(i64 %25) #9
  unreachable

32:                                               ; preds = %23
  %33 = load i64, ptr %sum, align 8, !tbaa !18
  %add = add nsw i64 %33, %and
  store i64 %add, ptr %sum, align 8, !tbaa !18
  %and5 = and i64 %i.025, 1023
  %cmp6 = icmp eq i64 %and5, 0
  br i1 %cmp6, label %if.then7, label %for.inc

if.then7:                                         ; preds = %32
  %34 = load ptr, ptr @locks, align 8, !tbaa !8
  %shr = lshr exact i64 %i.025, 10
  %rem8 = and i64 %shr, 3
  %arrayidx9 = getelementptr inbounds %union.pthread_mutex_t, ptr %34, i64 %rem8
  %call = tail call i32 @pthread_mutex_lock(ptr noundef %arrayidx9) #10
  %35 = load ptr, ptr @locks, align 8, !tbaa !8
  %arrayidx12 = getelementptr inbounds %union.pthread_mutex_t, ptr %35, i64 %rem8
  %call13 = tail call i32 @pthread_mutex_unlock(ptr noundef %arrayidx12) #10
  br label %for.inc

for.inc:                                          ; preds = %32, %if.then7
  %inc15 = add nsw i64 %i.025, 1
  %36 = load i64, ptr @iterations, align 8, !tbaa !12
  %cmp = icmp slt i64 %inc15, %36
  br i1 %cmp, label %for.body, label %for.cond.cleanup, !llvm.loop !25
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

declare void @__asan_report_load4(i64)

declare void @__asan_report_load8(i64)

declare void @__asan_report_store4(i64)

declare void @__asan_report_store8(i64)

declare i64 @__asan_stack_malloc_4(i64)

declare void @__asan_set_shadow_00(i64, i64)

declare void @__asan_set_shadow_f5(i64, i64)

declare void @__asan_set_shadow_f8(i64, i64)

declare void @__asan_register_elf_globals(i64, i64, i64)

declare void @__asan_unregister_elf_globals(i64, i64, i64)

declare void @__asan_init()

; Function Attrs: nounwind uwtable
define internal void @asan.module_ctor() #8 comdat {
  call void @__asan_init()
  call void @__asan_version_mismatch_check_v8()
  call void @__asan_register_elf_globals(i64 ptrtoint (ptr @___asan_globals_registered to i64), i64 ptrtoint (ptr @__start_asan_globals to i64), i64 ptrtoint (ptr @__stop_asan_globals to i64))
  ret void
}

declare void @__asan_version_mismatch_check_v8()

; Function Attrs: nounwind uwtable
define internal void @asan.module_dtor() #8 comdat {
  call void @__asan_unregister_elf_globals(i64 ptrtoint (ptr @___asan_globals_registered to i64), i64 ptrtoint (ptr @__start_asan_globals to i64), i64 ptrtoint (ptr @__stop_asan_globals to i64))
  ret void
}

attributes #0 = { nounwind sanitize_address uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { mustprogress nofree nounwind willreturn allockind("alloc,zeroed") allocsize(0,1) memory(inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { mustprogress nounwind willreturn allockind("free") memory(argmem: readwrite, inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { mustprogress nofree nounwind willreturn "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { nounwind uwtable "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" }
attributes #9 = { nomerge }
attributes #10 = { nounwind }
attributes #11 = { nounwind allocsize(0,1) }
attributes #12 = { nounwind allocsize(0) }

!llvm.module.flags = !{!3, !4, !5, !6}
!llvm.ident = !{!7}

!0 = !{ptr @iterations}
!1 = !{ptr @stats}
!2 = !{ptr @locks}
!3 = !{i32 1, !"wchar_size", i32 4}
!4 = !{i32 8, !"PIC Level", i32 2}
!5 = !{i32 7, !"PIE Level", i32 2}
!6 = !{i32 7, !"uwtable", i32 2}
!7 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!8 = !{!9, !9, i64 0}
!9 = !{!"any pointer", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
!12 = !{!13, !13, i64 0}
!13 = !{!"long", !10, i64 0}
!14 = !{!"branch_weights", i32 1, i32 1048575}
!15 = !{!16, !17, i64 0}
!16 = !{!"arg", !17, i64 0, !13, i64 8}
!17 = !{!"int", !10, i64 0}
!18 = !{!16, !13, i64 8}
!19 = distinct !{!19, !20}
!20 = !{!"llvm.loop.mustprogress"}
!21 = !{!22, !13, i64 0}
!22 = !{!"stats", !13, i64 0, !13, i64 8}
!23 = !{!22, !13, i64 8}
!24 = distinct !{!24, !20}
!25 = distinct !{!25, !20}
