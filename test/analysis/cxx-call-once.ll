; Regression (was a bug): isCallOnceBody (lib/Summary/KnownFunctions.cpp) looks for the GNU
; c++filt spelling "{lambda()#1}", but llvm::demangle spells lambdas
; "'lambda'()". The libstdc++ (GCC 12) std::call_once trampoline
; std::once_flag::_Prepare_execution::_Prepare_execution<...std::call_once<...>
; ...::'lambda'()>(...)::'lambda'()::__invoke() is therefore never a run-once
; root: the PRINT check for "run-once routine" fails. table_size still comes
; out read-mostly here, but only by accident: __invoke's address is stored to
; the external TLS variable std::__once_call (for __once_proxy in libstdc++.so
; to call), which ThreadContext::scanFunctionAddresses counts as a mere
; "address taken", and the only indirect call of its type in the module is
; __invoke's own call of the callable, so the greatest fixed point in
; computeStartUpOnly keeps the self-cycle as start-up code. Before
; internalization (__invoke linkonce_odr, so not a start-up candidate)
; table_size is neutral "written at run time, but not repeatedly: store in
; init_table() (called at run time)". See also
; cxx-function-address-stored-to-external-global.ll.
;
; std::call_once(once, init_table) in a std::thread lambda (libstdc++ with
; TLS: the lambda stores its callable in __once_callable and __invoke in
; __once_call, then calls pthread_once(&once, __once_proxy); __once_proxy in
; libstdc++.so calls __invoke, which calls init_table indirectly). The
; routine runs once: its store to table_size is a start-up write, and the
; thread only reads table_size afterwards, so table_size is read-mostly.
; Source (clang++-19 -O1 -fno-exceptions, trimmed; table_size, sink and the
; linkonce_odr __invoke made internal, as LTO internalization does):
;   static std::once_flag once; int table_size; long sink;
;   static void init_table() { table_size = 64; }
;   int main() {
;     std::thread t([] { std::call_once(once, init_table); sink = table_size; });
;     t.join(); return 0;
;   }
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='print<cacheline-layout>' -disable-output %s > %t.txt
; RUN: FileCheck %s --check-prefix=PRINT --input-file=%t.txt

; CHECK-DAG: "class":"read-mostly","name":"table_size","reads":1,"reason":"written only at start-up (store in init_table() (called only at start-up)); read by load in std::thread::_State_impl<std::thread::_Invoker<std::tuple<main::$_0>>>::_M_run() (thread entry)"
; CHECK-DAG: "class":"write-hot","name":"sink",
; CHECK-DAG: "start_up_functions": ["_ZL10init_tablev","_ZZNSt9once_flag18_Prepare_executionC1IZSt9call_onceIRFvvEJEEvRS_OT_DpOT0_EUlvE_EERS6_ENUlvE_8__invokeEv"]

; PRINT-DAG: global table_size: read-mostly: written only at start-up
; PRINT-DAG: function _ZL10init_tablev: called only at start-up
; PRINT-DAG: function _ZZNSt9once_flag18_Prepare_executionC1IZSt9call_onceIRFvvEJEEvRS_OT_DpOT0_EUlvE_EERS6_ENUlvE_8__invokeEv: run-once routine

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%"struct.std::once_flag" = type { i32 }
%"class.std::unique_ptr" = type { %"struct.std::__uniq_ptr_data" }
%"struct.std::__uniq_ptr_data" = type { %"class.std::__uniq_ptr_impl" }
%"class.std::__uniq_ptr_impl" = type { %"class.std::tuple" }
%"class.std::tuple" = type { %"struct.std::_Tuple_impl" }
%"struct.std::_Tuple_impl" = type { %"struct.std::_Head_base.1" }
%"struct.std::_Head_base.1" = type { ptr }
%"class.std::thread" = type { %"class.std::thread::id" }
%"class.std::thread::id" = type { i64 }
%class.anon.5 = type { ptr }

$_ZZNSt9once_flag18_Prepare_executionC1IZSt9call_onceIRFvvEJEEvRS_OT_DpOT0_EUlvE_EERS6_ENUlvE_8__invokeEv = comdat any

@table_size = internal global i32 0, align 4
@sink = internal global i64 0, align 8
@"_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE" = internal unnamed_addr constant { [5 x ptr] } { [5 x ptr] [ptr null, ptr @"_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE", ptr @_ZNSt6thread6_StateD2Ev, ptr @"_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEED0Ev", ptr @"_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEE6_M_runEv"] }, align 8
@_ZTVN10__cxxabiv120__si_class_type_infoE = external global [0 x ptr]
@"_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE" = internal constant [65 x i8] c"NSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE\00", align 1
@_ZTINSt6thread6_StateE = external constant ptr
@"_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE" = internal constant { ptr, ptr, ptr } { ptr getelementptr inbounds (ptr, ptr @_ZTVN10__cxxabiv120__si_class_type_infoE, i64 2), ptr @"_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE", ptr @_ZTINSt6thread6_StateE }, align 8
@_ZL4once = internal global %"struct.std::once_flag" zeroinitializer, align 4
@_ZSt15__once_callable = external thread_local global ptr, align 8
@_ZSt11__once_call = external thread_local global ptr, align 8

define noundef i32 @main() {
  %1 = alloca %"class.std::unique_ptr", align 8
  %2 = alloca %"class.std::thread", align 8
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

declare void @_ZNSt6thread4joinEv(ptr noundef nonnull align 8 dereferenceable(8))

declare void @_ZSt9terminatev()

declare void @_ZNSt6thread15_M_start_threadESt10unique_ptrINS_6_StateESt14default_deleteIS1_EEPFvvE(ptr noundef nonnull align 8 dereferenceable(8), ptr noundef, ptr noundef)

declare noundef nonnull ptr @_Znwm(i64 noundef)

declare void @_ZNSt6thread6_StateD2Ev(ptr noundef nonnull align 8 dereferenceable(8)) unnamed_addr

define internal void @"_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEED0Ev"(ptr noundef nonnull align 8 dereferenceable(9) %0) unnamed_addr align 2 {
  tail call void @_ZNSt6thread6_StateD2Ev(ptr noundef nonnull align 8 dereferenceable(9) %0)
  tail call void @_ZdlPvm(ptr noundef %0, i64 noundef 16)
  ret void
}

define internal void @"_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEE6_M_runEv"(ptr nocapture nonnull readnone align 8 %0) unnamed_addr align 2 {
  %2 = alloca %class.anon.5, align 8
  store ptr @_ZL10init_tablev, ptr %2, align 8
  %3 = tail call align 8 ptr @llvm.threadlocal.address.p0(ptr align 8 @_ZSt15__once_callable)
  store ptr %2, ptr %3, align 8
  %4 = call align 8 ptr @llvm.threadlocal.address.p0(ptr align 8 @_ZSt11__once_call)
  store ptr @_ZZNSt9once_flag18_Prepare_executionC1IZSt9call_onceIRFvvEJEEvRS_OT_DpOT0_EUlvE_EERS6_ENUlvE_8__invokeEv, ptr %4, align 8
  %5 = call noundef i32 @pthread_once(ptr noundef nonnull @_ZL4once, ptr noundef nonnull @__once_proxy)
  %6 = icmp eq i32 %5, 0
  br i1 %6, label %8, label %7

7:
  call void @_ZSt20__throw_system_errori(i32 noundef %5)
  unreachable

8:
  store ptr null, ptr %3, align 8
  store ptr null, ptr %4, align 8
  %9 = load i32, ptr @table_size, align 4
  %10 = sext i32 %9 to i64
  store i64 %10, ptr @sink, align 8
  ret void
}

declare void @_ZdlPvm(ptr noundef, i64 noundef)

define internal void @_ZL10init_tablev() {
  store i32 64, ptr @table_size, align 4
  ret void
}

declare void @__once_proxy()

declare void @_ZSt20__throw_system_errori(i32 noundef)

declare nonnull ptr @llvm.threadlocal.address.p0(ptr nonnull)

define internal void @_ZZNSt9once_flag18_Prepare_executionC1IZSt9call_onceIRFvvEJEEvRS_OT_DpOT0_EUlvE_EERS6_ENUlvE_8__invokeEv() comdat align 2 {
  %1 = tail call align 8 ptr @llvm.threadlocal.address.p0(ptr align 8 @_ZSt15__once_callable)
  %2 = load ptr, ptr %1, align 8
  %3 = load ptr, ptr %2, align 8
  tail call void %3()
  ret void
}

declare i32 @pthread_once(ptr noundef, ptr noundef)

