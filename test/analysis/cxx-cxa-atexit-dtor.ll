; A C++ global whose destructor is registered with
; __cxa_atexit(dtor, object, __dso_handle) by its dynamic initializer
; (_GLOBAL__sub_I_atexit.cpp, in llvm.global_ctors). Passing the object as
; argument 1 of __cxa_atexit is not an escape: the C++ runtime only hands it
; back to the destructor at exit. So `table` (built in the constructor, read
; by the thread lambda) stays read-mostly.
; The contrast `watched` is registered the same way but also passed to
; watch(), a function outside the module with no nocapture: its address
; escapes, so it is skipped.
; The destructor std::vector<int>::~vector() (linkonce_odr, made internal
; here as LTO internalization does) is an exit handler.
; Source (clang++-19 -O1 -fno-exceptions, trimmed; globals made internal):
;   void watch(std::vector<int> *);   // defined in a library
;   std::vector<int> table = {1, 2, 3};
;   std::vector<int> watched = {4, 5, 6};
;   long sink;
;   int main() {
;     watch(&watched);
;     std::thread t([] { sink = table[1] + watched[0]; });
;     t.join(); return 0;
;   }
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='print<cacheline-layout>' -disable-output %s > %t.txt
; RUN: FileCheck %s --check-prefix=PRINT --input-file=%t.txt

; CHECK-DAG: "class":"read-mostly","name":"table","reads":1,"reason":"written only at start-up (store in _GLOBAL__sub_I_atexit.cpp (global constructor)); read by load in std::thread::_State_impl<std::thread::_Invoker<std::tuple<main::$_0>>>::_M_run() (thread entry)"
; CHECK-DAG: "class":"skipped","escape":"address passed to unknown function _Z5watchPSt6vectorIiSaIiEE in main","name":"watched",

; PRINT-DAG: global table: read-mostly:
; PRINT-DAG: global watched: skipped: address escapes: address passed to unknown function _Z5watchPSt6vectorIiSaIiEE in main
; PRINT-DAG: function _ZNSt6vectorIiSaIiEED2Ev: exit handler

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%"class.std::vector" = type { %"struct.std::_Vector_base" }
%"struct.std::_Vector_base" = type { %"struct.std::_Vector_base<int, std::allocator<int>>::_Vector_impl" }
%"struct.std::_Vector_base<int, std::allocator<int>>::_Vector_impl" = type { %"struct.std::_Vector_base<int, std::allocator<int>>::_Vector_impl_data" }
%"struct.std::_Vector_base<int, std::allocator<int>>::_Vector_impl_data" = type { ptr, ptr, ptr }
%"class.std::unique_ptr" = type { %"struct.std::__uniq_ptr_data" }
%"struct.std::__uniq_ptr_data" = type { %"class.std::__uniq_ptr_impl" }
%"class.std::__uniq_ptr_impl" = type { %"class.std::tuple" }
%"class.std::tuple" = type { %"struct.std::_Tuple_impl" }
%"struct.std::_Tuple_impl" = type { %"struct.std::_Head_base.1" }
%"struct.std::_Head_base.1" = type { ptr }
%"class.std::thread" = type { %"class.std::thread::id" }
%"class.std::thread::id" = type { i64 }

@table = internal global %"class.std::vector" zeroinitializer, align 8
@__dso_handle = external hidden global i8
@watched = internal global %"class.std::vector" zeroinitializer, align 8
@sink = internal global i64 0, align 8
@"_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE" = internal unnamed_addr constant { [5 x ptr] } { [5 x ptr] [ptr null, ptr @"_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE", ptr @_ZNSt6thread6_StateD2Ev, ptr @"_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEED0Ev", ptr @"_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEE6_M_runEv"] }, align 8
@_ZTVN10__cxxabiv120__si_class_type_infoE = external global [0 x ptr]
@"_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE" = internal constant [65 x i8] c"NSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE\00", align 1
@_ZTINSt6thread6_StateE = external constant ptr
@"_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE" = internal constant { ptr, ptr, ptr } { ptr getelementptr inbounds (ptr, ptr @_ZTVN10__cxxabiv120__si_class_type_infoE, i64 2), ptr @"_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE", ptr @_ZTINSt6thread6_StateE }, align 8
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_atexit.cpp, ptr null }]

define internal void @_ZNSt6vectorIiSaIiEED2Ev(ptr noundef nonnull align 8 dereferenceable(24) %0) unnamed_addr align 2 {
  %2 = load ptr, ptr %0, align 8
  %3 = icmp eq ptr %2, null
  br i1 %3, label %10, label %4

4:
  %5 = getelementptr inbounds i8, ptr %0, i64 16
  %6 = load ptr, ptr %5, align 8
  %7 = ptrtoint ptr %6 to i64
  %8 = ptrtoint ptr %2 to i64
  %9 = sub i64 %7, %8
  tail call void @_ZdlPvm(ptr noundef %2, i64 noundef %9)
  br label %10

10:
  ret void
}

declare i32 @__cxa_atexit(ptr, ptr, ptr)

define noundef i32 @main() {
  %1 = alloca %"class.std::unique_ptr", align 8
  %2 = alloca %"class.std::thread", align 8
  tail call void @_Z5watchPSt6vectorIiSaIiEE(ptr noundef nonnull @watched)
  store i64 0, ptr %2, align 8
  %3 = tail call noalias noundef nonnull dereferenceable(16) ptr @_Znwm(i64 noundef 16)
  store ptr getelementptr inbounds (i8, ptr @"_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE", i64 16), ptr %3, align 8
  store ptr %3, ptr %1, align 8
  call void @_ZNSt6thread15_M_start_threadESt10unique_ptrINS_6_StateESt14default_deleteIS1_EEPFvvE(ptr noundef nonnull align 8 dereferenceable(8) %2, ptr noundef nonnull %1, ptr noundef null)
  %4 = load ptr, ptr %1, align 8
  %5 = icmp eq ptr %4, null
  br i1 %5, label %10, label %6

6:
  %7 = load ptr, ptr %4, align 8
  %8 = getelementptr inbounds i8, ptr %7, i64 8
  %9 = load ptr, ptr %8, align 8
  call void %9(ptr noundef nonnull align 8 dereferenceable(8) %4)
  br label %10

10:
  store ptr null, ptr %1, align 8
  call void @_ZNSt6thread4joinEv(ptr noundef nonnull align 8 dereferenceable(8) %2)
  %11 = load i64, ptr %2, align 8
  %12 = icmp eq i64 %11, 0
  br i1 %12, label %14, label %13

13:
  call void @_ZSt9terminatev()
  unreachable

14:
  ret i32 0
}

declare void @_Z5watchPSt6vectorIiSaIiEE(ptr noundef)

declare void @_ZNSt6thread4joinEv(ptr noundef nonnull align 8 dereferenceable(8))

declare void @_ZSt9terminatev()

declare noundef nonnull ptr @_Znwm(i64 noundef)

declare void @_ZdlPvm(ptr noundef, i64 noundef)

declare void @_ZNSt6thread15_M_start_threadESt10unique_ptrINS_6_StateESt14default_deleteIS1_EEPFvvE(ptr noundef nonnull align 8 dereferenceable(8), ptr noundef, ptr noundef)

declare void @_ZNSt6thread6_StateD2Ev(ptr noundef nonnull align 8 dereferenceable(8)) unnamed_addr

define internal void @"_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEED0Ev"(ptr noundef nonnull align 8 dereferenceable(9) %0) unnamed_addr align 2 {
  tail call void @_ZNSt6thread6_StateD2Ev(ptr noundef nonnull align 8 dereferenceable(9) %0)
  tail call void @_ZdlPvm(ptr noundef %0, i64 noundef 16)
  ret void
}

define internal void @"_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEE6_M_runEv"(ptr nocapture nonnull readnone align 8 %0) unnamed_addr align 2 {
  %2 = load ptr, ptr @table, align 8
  %3 = getelementptr inbounds i8, ptr %2, i64 4
  %4 = load i32, ptr %3, align 4
  %5 = load ptr, ptr @watched, align 8
  %6 = load i32, ptr %5, align 4
  %7 = add nsw i32 %6, %4
  %8 = sext i32 %7 to i64
  store i64 %8, ptr @sink, align 8
  ret void
}

define internal void @_GLOBAL__sub_I_atexit.cpp() section ".text.startup" {
  tail call void @llvm.memset.p0.i64(ptr noundef nonnull align 8 dereferenceable(24) @table, i8 0, i64 24, i1 false)
  %1 = tail call noalias noundef nonnull dereferenceable(12) ptr @_Znwm(i64 noundef 12)
  store ptr %1, ptr @table, align 8
  %2 = getelementptr inbounds i8, ptr %1, i64 12
  store ptr %2, ptr getelementptr inbounds (i8, ptr @table, i64 16), align 8
  store i32 1, ptr %1, align 4
  %3 = getelementptr inbounds i8, ptr %1, i64 4
  store i32 2, ptr %3, align 4
  %4 = getelementptr inbounds i8, ptr %1, i64 8
  store i32 3, ptr %4, align 4
  store ptr %2, ptr getelementptr inbounds (i8, ptr @table, i64 8), align 8
  %5 = tail call i32 @__cxa_atexit(ptr nonnull @_ZNSt6vectorIiSaIiEED2Ev, ptr nonnull @table, ptr nonnull @__dso_handle)
  tail call void @llvm.memset.p0.i64(ptr noundef nonnull align 8 dereferenceable(24) @watched, i8 0, i64 24, i1 false)
  %6 = tail call noalias noundef nonnull dereferenceable(12) ptr @_Znwm(i64 noundef 12)
  store ptr %6, ptr @watched, align 8
  %7 = getelementptr inbounds i8, ptr %6, i64 12
  store ptr %7, ptr getelementptr inbounds (i8, ptr @watched, i64 16), align 8
  store i32 4, ptr %6, align 4
  %8 = getelementptr inbounds i8, ptr %6, i64 4
  store i32 5, ptr %8, align 4
  %9 = getelementptr inbounds i8, ptr %6, i64 8
  store i32 6, ptr %9, align 4
  store ptr %7, ptr getelementptr inbounds (i8, ptr @watched, i64 8), align 8
  %10 = tail call i32 @__cxa_atexit(ptr nonnull @_ZNSt6vectorIiSaIiEED2Ev, ptr nonnull @watched, ptr nonnull @__dso_handle)
  ret void
}

declare void @llvm.memset.p0.i64(ptr nocapture writeonly, i8, i64, i1 immarg)

