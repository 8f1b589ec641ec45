; C++'s `new Worker[n]()` of per-worker objects each thread writes: the
; optimizer leaves the bytes asked for known only to be a multiple of 16
; (clang's overflow check of n * 16 rewritten), so the elements are the
; stride the code indexes them by, counted from the bytes at run time
; (rounding up); operator new[] becomes its aligned form, the
; value-initializing memset of all the bytes clears all the new ones, and
; delete[] becomes the matching aligned delete (IR of clang++ -O2):
;
;   struct Worker { long Requests; long Bytes; };
;   static Worker *Workers;
;   static void run(int Id) {
;     for (long I = 0; I < 1000000; ++I) {
;       Workers[Id].Requests += 1;
;       Workers[Id].Bytes += I & 255;
;     }
;   }
;   int main(int argc, char **argv) {
;     int N = std::atoi(argv[1]);
;     Workers = new Worker[N]();
;     std::thread A(run, 0), B(run, 1);
;     A.join(); B.join();
;     std::printf("%ld %ld\n", Workers[0].Requests, Workers[1].Bytes);
;     delete[] Workers;
;     return 0;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll
; RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json

; CHECK: define {{.*}} @main(
; CHECK: [[BYTES:%.*]] = select i1 %{{.*}}, i64 %{{.*}}, i64 -1
; CHECK: udiv i64 [[BYTES]], 16
; CHECK: call { i64, i1 } @llvm.umul.with.overflow.i64(i64 %{{.*}}, i64 128)
; CHECK: icmp eq i64 [[BYTES]], -1
; CHECK: [[TOTAL:%.*]] = select i1 %{{.*}}, i64 -1, i64 %{{.*}}
; CHECK-NEXT: [[NEW:%.*]] = call noalias noundef nonnull align 128 ptr @_ZnamSt11align_val_t(i64 [[TOTAL]], i64 128)
; CHECK-NEXT: call void @llvm.memset.p0.i64(ptr {{.*}}[[NEW]], i8 0, i64 [[TOTAL]], i1 false)
; CHECK: call void @_ZdaPvSt11align_val_t(ptr %{{.*}}, i64 128)
; CHECK-NOT: call void @_ZdaPv(

; JSON: "allocator":"_Znam",{{.*}}"element_size":16,"elements":0,{{.*}}"held_by":["_ZL7Workers"],"inner_layout":"each element padded from 16 to 128 bytes (112 more per element; their number known at run time)",{{.*}}"slot_size":128

; ModuleID = 'nw.cpp'
source_filename = "nw.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%"class.std::unique_ptr" = type { %"struct.std::__uniq_ptr_data" }
%"struct.std::__uniq_ptr_data" = type { %"class.std::__uniq_ptr_impl" }
%"class.std::__uniq_ptr_impl" = type { %"class.std::tuple" }
%"class.std::tuple" = type { %"struct.std::_Tuple_impl" }
%"struct.std::_Tuple_impl" = type { %"struct.std::_Head_base.1" }
%"struct.std::_Head_base.1" = type { ptr }
%"class.std::thread" = type { %"class.std::thread::id" }
%"class.std::thread::id" = type { i64 }
%struct.Worker = type { i64, i64 }

$_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFviEiEEEEED0Ev = comdat any

$_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFviEiEEEEE6_M_runEv = comdat any

$_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFviEiEEEEEE = comdat any

$_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFviEiEEEEEE = comdat any

$_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFviEiEEEEEE = comdat any

@_ZL7Workers = internal unnamed_addr global ptr null, align 8
@.str = private unnamed_addr constant [9 x i8] c"%ld %ld\0A\00", align 1
@_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFviEiEEEEEE = linkonce_odr dso_local unnamed_addr constant { [5 x ptr] } { [5 x ptr] [ptr null, ptr @_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFviEiEEEEEE, ptr @_ZNSt6thread6_StateD2Ev, ptr @_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFviEiEEEEED0Ev, ptr @_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFviEiEEEEE6_M_runEv] }, comdat, align 8
@_ZTVN10__cxxabiv120__si_class_type_infoE = external global [0 x ptr]
@_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFviEiEEEEEE = linkonce_odr dso_local constant [60 x i8] c"NSt6thread11_State_implINS_8_InvokerISt5tupleIJPFviEiEEEEEE\00", comdat, align 1
@_ZTINSt6thread6_StateE = external constant ptr
@_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFviEiEEEEEE = linkonce_odr dso_local constant { ptr, ptr, ptr } { ptr getelementptr inbounds (ptr, ptr @_ZTVN10__cxxabiv120__si_class_type_infoE, i64 2), ptr @_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFviEiEEEEEE, ptr @_ZTINSt6thread6_StateE }, comdat, align 8

; Function Attrs: mustprogress norecurse uwtable
define dso_local noundef i32 @main(i32 noundef %0, ptr nocapture noundef readonly %1) local_unnamed_addr #0 personality ptr @__gxx_personality_v0 {
  %3 = alloca %"class.std::unique_ptr", align 8
  %4 = alloca %"class.std::unique_ptr", align 8
  %5 = alloca %"class.std::thread", align 8
  %6 = alloca %"class.std::thread", align 8
  %7 = getelementptr inbounds i8, ptr %1, i64 8
  %8 = load ptr, ptr %7, align 8, !tbaa !5
  %9 = tail call i64 @strtol(ptr nocapture noundef nonnull %8, ptr noundef null, i32 noundef 10) #14
  %10 = shl i64 %9, 32
  %11 = and i64 %9, 2147483648
  %12 = icmp eq i64 %11, 0
  %13 = ashr exact i64 %10, 28
  %14 = select i1 %12, i64 %13, i64 -1
  %15 = tail call noalias noundef nonnull ptr @_Znam(i64 noundef %14) #15
  tail call void @llvm.memset.p0.i64(ptr nonnull align 16 %15, i8 0, i64 %14, i1 false)
  store ptr %15, ptr @_ZL7Workers, align 8, !tbaa !5
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %5) #14
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %4)
  store i64 0, ptr %5, align 8, !tbaa !9
  %16 = tail call noalias noundef nonnull dereferenceable(24) ptr @_Znwm(i64 noundef 24) #15
  store ptr getelementptr inbounds (i8, ptr @_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFviEiEEEEEE, i64 16), ptr %16, align 8, !tbaa !12
  %17 = getelementptr inbounds i8, ptr %16, i64 8
  store i32 0, ptr %17, align 4, !tbaa !14
  %18 = getelementptr inbounds i8, ptr %16, i64 16
  store ptr @_ZL3runi, ptr %18, align 8, !tbaa !17
  store ptr %16, ptr %4, align 8, !tbaa !5
  invoke void @_ZNSt6thread15_M_start_threadESt10unique_ptrINS_6_StateESt14default_deleteIS1_EEPFvvE(ptr noundef nonnull align 8 dereferenceable(8) %5, ptr noundef nonnull %4, ptr noundef null)
          to label %19 unwind label %26

19:                                               ; preds = %2
  %20 = load ptr, ptr %4, align 8, !tbaa !5
  %21 = icmp eq ptr %20, null
  br i1 %21, label %36, label %22

22:                                               ; preds = %19
  %23 = load ptr, ptr %20, align 8, !tbaa !12
  %24 = getelementptr inbounds i8, ptr %23, i64 8
  %25 = load ptr, ptr %24, align 8
  call void %25(ptr noundef nonnull align 8 dereferenceable(8) %20) #14
  br label %36

26:                                               ; preds = %2
  %27 = landingpad { ptr, i32 }
          cleanup
  %28 = load ptr, ptr %4, align 8, !tbaa !5
  %29 = icmp eq ptr %28, null
  br i1 %29, label %34, label %30

30:                                               ; preds = %26
  %31 = load ptr, ptr %28, align 8, !tbaa !12
  %32 = getelementptr inbounds i8, ptr %31, i64 8
  %33 = load ptr, ptr %32, align 8
  call void %33(ptr noundef nonnull align 8 dereferenceable(8) %28) #14
  br label %34

34:                                               ; preds = %26, %30, %88
  %35 = phi { ptr, i32 } [ %84, %88 ], [ %27, %30 ], [ %27, %26 ]
  resume { ptr, i32 } %35

36:                                               ; preds = %19, %22
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %4)
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %6) #14
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %3)
  store i64 0, ptr %6, align 8, !tbaa !9
  %37 = invoke noalias noundef nonnull dereferenceable(24) ptr @_Znwm(i64 noundef 24) #15
          to label %38 unwind label %76

38:                                               ; preds = %36
  store ptr getelementptr inbounds (i8, ptr @_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFviEiEEEEEE, i64 16), ptr %37, align 8, !tbaa !12
  %39 = getelementptr inbounds i8, ptr %37, i64 8
  store i32 1, ptr %39, align 4, !tbaa !14
  %40 = getelementptr inbounds i8, ptr %37, i64 16
  store ptr @_ZL3runi, ptr %40, align 8, !tbaa !17
  store ptr %37, ptr %3, align 8, !tbaa !5
  invoke void @_ZNSt6thread15_M_start_threadESt10unique_ptrINS_6_StateESt14default_deleteIS1_EEPFvvE(ptr noundef nonnull align 8 dereferenceable(8) %6, ptr noundef nonnull %3, ptr noundef null)
          to label %41 unwind label %48

41:                                               ; preds = %38
  %42 = load ptr, ptr %3, align 8, !tbaa !5
  %43 = icmp eq ptr %42, null
  br i1 %43, label %56, label %44

44:                                               ; preds = %41
  %45 = load ptr, ptr %42, align 8, !tbaa !12
  %46 = getelementptr inbounds i8, ptr %45, i64 8
  %47 = load ptr, ptr %46, align 8
  call void %47(ptr noundef nonnull align 8 dereferenceable(8) %42) #14
  br label %56

48:                                               ; preds = %38
  %49 = landingpad { ptr, i32 }
          cleanup
  %50 = load ptr, ptr %3, align 8, !tbaa !5
  %51 = icmp eq ptr %50, null
  br i1 %51, label %83, label %52

52:                                               ; preds = %48
  %53 = load ptr, ptr %50, align 8, !tbaa !12
  %54 = getelementptr inbounds i8, ptr %53, i64 8
  %55 = load ptr, ptr %54, align 8
  call void %55(ptr noundef nonnull align 8 dereferenceable(8) %50) #14
  br label %83

56:                                               ; preds = %44, %41
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %3)
  invoke void @_ZNSt6thread4joinEv(ptr noundef nonnull align 8 dereferenceable(8) %5)
          to label %57 unwind label %78

57:                                               ; preds = %56
  invoke void @_ZNSt6thread4joinEv(ptr noundef nonnull align 8 dereferenceable(8) %6)
          to label %58 unwind label %78

58:                                               ; preds = %57
  %59 = load ptr, ptr @_ZL7Workers, align 8, !tbaa !5
  %60 = load i64, ptr %59, align 8, !tbaa !19
  %61 = getelementptr inbounds i8, ptr %59, i64 24
  %62 = load i64, ptr %61, align 8, !tbaa !21
  %63 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %60, i64 noundef %62)
  %64 = load ptr, ptr @_ZL7Workers, align 8, !tbaa !5
  %65 = icmp eq ptr %64, null
  br i1 %65, label %67, label %66

66:                                               ; preds = %58
  call void @_ZdaPv(ptr noundef nonnull %64) #16
  br label %67

67:                                               ; preds = %66, %58
  %68 = load i64, ptr %6, align 8, !tbaa !22
  %69 = icmp eq i64 %68, 0
  br i1 %69, label %71, label %70

70:                                               ; preds = %67
  call void @_ZSt9terminatev() #17
  unreachable

71:                                               ; preds = %67
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %6) #14
  %72 = load i64, ptr %5, align 8, !tbaa !22
  %73 = icmp eq i64 %72, 0
  br i1 %73, label %75, label %74

74:                                               ; preds = %71
  call void @_ZSt9terminatev() #17
  unreachable

75:                                               ; preds = %71
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %5) #14
  ret i32 0

76:                                               ; preds = %36
  %77 = landingpad { ptr, i32 }
          cleanup
  br label %83

78:                                               ; preds = %57, %56
  %79 = landingpad { ptr, i32 }
          cleanup
  %80 = load i64, ptr %6, align 8, !tbaa !22
  %81 = icmp eq i64 %80, 0
  br i1 %81, label %83, label %82

82:                                               ; preds = %78
  call void @_ZSt9terminatev() #17
  unreachable

83:                                               ; preds = %78, %76, %52, %48
  %84 = phi { ptr, i32 } [ %77, %76 ], [ %49, %52 ], [ %49, %48 ], [ %79, %78 ]
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %6) #14
  %85 = load i64, ptr %5, align 8, !tbaa !22
  %86 = icmp eq i64 %85, 0
  br i1 %86, label %88, label %87

87:                                               ; preds = %83
  call void @_ZSt9terminatev() #17
  unreachable

88:                                               ; preds = %83
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %5) #14
  br label %34
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nobuiltin allocsize(0)
declare noundef nonnull ptr @_Znam(i64 noundef) local_unnamed_addr #2

; Function Attrs: mustprogress nocallback nofree nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i64(ptr nocapture writeonly, i8, i64, i1 immarg) #3

; Function Attrs: mustprogress nofree norecurse nosync nounwind memory(readwrite, inaccessiblemem: none) uwtable
define internal void @_ZL3runi(i32 noundef %0) #4 {
  %2 = load ptr, ptr @_ZL7Workers, align 8, !tbaa !5
  %3 = sext i32 %0 to i64
  %4 = getelementptr inbounds %struct.Worker, ptr %2, i64 %3
  %5 = getelementptr inbounds %struct.Worker, ptr %2, i64 %3, i32 1
  %6 = load i64, ptr %4, align 8, !tbaa !19
  %7 = load i64, ptr %5, align 8, !tbaa !21
  %8 = insertelement <2 x i64> <i64 poison, i64 0>, i64 %7, i64 0
  br label %9

9:                                                ; preds = %9, %1
  %10 = phi i64 [ 0, %1 ], [ %25, %9 ]
  %11 = phi <2 x i64> [ <i64 0, i64 1>, %1 ], [ %26, %9 ]
  %12 = phi <2 x i64> [ %8, %1 ], [ %23, %9 ]
  %13 = phi <2 x i64> [ zeroinitializer, %1 ], [ %24, %9 ]
  %14 = add <2 x i64> %11, <i64 2, i64 2>
  %15 = and <2 x i64> %11, <i64 255, i64 255>
  %16 = and <2 x i64> %14, <i64 255, i64 255>
  %17 = add <2 x i64> %12, %15
  %18 = add <2 x i64> %13, %16
  %19 = add <2 x i64> %11, <i64 4, i64 4>
  %20 = add <2 x i64> %11, <i64 6, i64 6>
  %21 = and <2 x i64> %19, <i64 255, i64 255>
  %22 = and <2 x i64> %20, <i64 255, i64 255>
  %23 = add <2 x i64> %17, %21
  %24 = add <2 x i64> %18, %22
  %25 = add nsw i64 %10, 8
  %26 = add <2 x i64> %11, <i64 8, i64 8>
  %27 = icmp eq i64 %25, 1000000
  br i1 %27, label %28, label %9, !llvm.loop !23

28:                                               ; preds = %9
  %29 = add <2 x i64> %24, %23
  %30 = tail call i64 @llvm.vector.reduce.add.v2i64(<2 x i64> %29)
  %31 = add i64 %6, 1000000
  store i64 %31, ptr %4, align 8, !tbaa !19
  store i64 %30, ptr %5, align 8, !tbaa !21
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

declare i32 @__gxx_personality_v0(...)

declare void @_ZNSt6thread4joinEv(ptr noundef nonnull align 8 dereferenceable(8)) local_unnamed_addr #5

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #6

; Function Attrs: nobuiltin nounwind
declare void @_ZdaPv(ptr noundef) local_unnamed_addr #7

; Function Attrs: mustprogress nofree nounwind willreturn
declare i64 @strtol(ptr noundef readonly, ptr nocapture noundef, i32 noundef) local_unnamed_addr #8

; Function Attrs: noreturn nounwind
declare void @_ZSt9terminatev() local_unnamed_addr #9

declare void @_ZNSt6thread15_M_start_threadESt10unique_ptrINS_6_StateESt14default_deleteIS1_EEPFvvE(ptr noundef nonnull align 8 dereferenceable(8), ptr noundef, ptr noundef) local_unnamed_addr #5

; Function Attrs: nobuiltin allocsize(0)
declare noundef nonnull ptr @_Znwm(i64 noundef) local_unnamed_addr #2

; Function Attrs: nobuiltin nounwind
declare void @_ZdlPvm(ptr noundef, i64 noundef) local_unnamed_addr #7

; Function Attrs: nounwind
declare void @_ZNSt6thread6_StateD2Ev(ptr noundef nonnull align 8 dereferenceable(8)) unnamed_addr #10

; Function Attrs: inlinehint mustprogress nounwind uwtable
define linkonce_odr dso_local void @_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFviEiEEEEED0Ev(ptr noundef nonnull align 8 dereferenceable(24) %0) unnamed_addr #11 comdat align 2 {
  tail call void @_ZNSt6thread6_StateD2Ev(ptr noundef nonnull align 8 dereferenceable(24) %0) #14
  tail call void @_ZdlPvm(ptr noundef nonnull %0, i64 noundef 24) #16
  ret void
}

; Function Attrs: mustprogress uwtable
define linkonce_odr dso_local void @_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFviEiEEEEE6_M_runEv(ptr noundef nonnull align 8 dereferenceable(24) %0) unnamed_addr #12 comdat align 2 {
  %2 = getelementptr inbounds i8, ptr %0, i64 8
  %3 = getelementptr inbounds i8, ptr %0, i64 16
  %4 = load ptr, ptr %3, align 8, !tbaa !5
  %5 = load i32, ptr %2, align 8, !tbaa !27
  tail call void %4(i32 noundef %5)
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.vector.reduce.add.v2i64(<2 x i64>) #13

attributes #0 = { mustprogress norecurse uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nobuiltin allocsize(0) "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { mustprogress nocallback nofree nounwind willreturn memory(argmem: write) }
attributes #4 = { mustprogress nofree norecurse nosync nounwind memory(readwrite, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { nobuiltin nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { mustprogress nofree nounwind willreturn "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #9 = { noreturn nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #10 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #11 = { inlinehint mustprogress nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #12 = { mustprogress uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #13 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #14 = { nounwind }
attributes #15 = { builtin allocsize(0) }
attributes #16 = { builtin nounwind }
attributes #17 = { noreturn nounwind }

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
!8 = !{!"Simple C++ TBAA"}
!9 = !{!10, !11, i64 0}
!10 = !{!"_ZTSNSt6thread2idE", !11, i64 0}
!11 = !{!"long", !7, i64 0}
!12 = !{!13, !13, i64 0}
!13 = !{!"vtable pointer", !8, i64 0}
!14 = !{!15, !16, i64 0}
!15 = !{!"_ZTSSt10_Head_baseILm1EiLb0EE", !16, i64 0}
!16 = !{!"int", !7, i64 0}
!17 = !{!18, !6, i64 0}
!18 = !{!"_ZTSSt10_Head_baseILm0EPFviELb0EE", !6, i64 0}
!19 = !{!20, !11, i64 0}
!20 = !{!"_ZTS6Worker", !11, i64 0, !11, i64 8}
!21 = !{!20, !11, i64 8}
!22 = !{!11, !11, i64 0}
!23 = distinct !{!23, !24, !25, !26}
!24 = !{!"llvm.loop.mustprogress"}
!25 = !{!"llvm.loop.isvectorized", i32 1}
!26 = !{!"llvm.loop.unroll.runtime.disable"}
!27 = !{!16, !16, i64 0}
