; A C++ global with a constructor: clang puts the dynamic initialization in
; _GLOBAL__sub_I_ctor.cpp, listed in llvm.global_ctors, which calls
; Config::Config() (kept out of line with noinline; linkonce_odr, made
; internal here as LTO internalization does). The constructor runs before
; main, so its stores (through `this`, followed from the call) are start-up
; writes; the thread lambda only reads config: read-mostly. Config::Config()
; is an internal function only called from start-up code, so it is listed
; as a start-up function.
; Source (clang++-19 -O1 -fno-exceptions, trimmed; config and sink made
; internal):
;   struct Config {
;     __attribute__((noinline)) Config() {
;       level = std::atoi(std::getenv("LEVEL")); limit = 10; }
;     int level, limit;
;   };
;   Config config; long sink;
;   int main() {
;     std::thread t([] { sink = config.level + config.limit; });
;     t.join(); return 0;
;   }
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='print<cacheline-layout>' -disable-output %s > %t.txt
; RUN: FileCheck %s --check-prefix=PRINT --input-file=%t.txt

; CHECK-DAG: "class":"read-mostly","name":"config","reads":2,"reason":"written only at start-up (store in Config::Config() (called only at start-up)); read by load in std::thread::_State_impl<std::thread::_Invoker<std::tuple<main::$_0>>>::_M_run() (thread entry)"
; CHECK-DAG: "context":"start-up","frequency":1,"function":"_ZN6ConfigC2Ev","function_role":"called only at start-up","kind":"store"
; CHECK-DAG: "start_up_functions": ["_GLOBAL__sub_I_ctor.cpp","_ZN6ConfigC2Ev"]

; PRINT-DAG: global config: read-mostly: written only at start-up
; PRINT-DAG: function _GLOBAL__sub_I_ctor.cpp: global constructor
; PRINT-DAG: function _ZN6ConfigC2Ev: called only at start-up

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.Config = type { i32, i32 }
%"class.std::unique_ptr" = type { %"struct.std::__uniq_ptr_data" }
%"struct.std::__uniq_ptr_data" = type { %"class.std::__uniq_ptr_impl" }
%"class.std::__uniq_ptr_impl" = type { %"class.std::tuple" }
%"class.std::tuple" = type { %"struct.std::_Tuple_impl" }
%"struct.std::_Tuple_impl" = type { %"struct.std::_Head_base.1" }
%"struct.std::_Head_base.1" = type { ptr }
%"class.std::thread" = type { %"class.std::thread::id" }
%"class.std::thread::id" = type { i64 }

$_ZN6ConfigC2Ev = comdat any

@config = internal global %struct.Config zeroinitializer, align 4
@sink = internal global i64 0, align 8
@.str = private unnamed_addr constant [6 x i8] c"LEVEL\00", align 1
@"_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE" = internal unnamed_addr constant { [5 x ptr] } { [5 x ptr] [ptr null, ptr @"_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE", ptr @_ZNSt6thread6_StateD2Ev, ptr @"_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEED0Ev", ptr @"_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEE6_M_runEv"] }, align 8
@_ZTVN10__cxxabiv120__si_class_type_infoE = external global [0 x ptr]
@"_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE" = internal constant [65 x i8] c"NSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE\00", align 1
@_ZTINSt6thread6_StateE = external constant ptr
@"_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE" = internal constant { ptr, ptr, ptr } { ptr getelementptr inbounds (ptr, ptr @_ZTVN10__cxxabiv120__si_class_type_infoE, i64 2), ptr @"_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE", ptr @_ZTINSt6thread6_StateE }, align 8
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_ctor.cpp, ptr null }]

define internal void @_ZN6ConfigC2Ev(ptr noundef nonnull align 4 dereferenceable(8) %0) unnamed_addr comdat align 2 {
  %2 = tail call ptr @getenv(ptr noundef nonnull @.str)
  %3 = tail call i64 @strtol(ptr nocapture noundef nonnull %2, ptr noundef null, i32 noundef 10)
  %4 = trunc i64 %3 to i32
  store i32 %4, ptr %0, align 4
  %5 = getelementptr inbounds i8, ptr %0, i64 4
  store i32 10, ptr %5, align 4
  ret void
}

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

declare noundef ptr @getenv(ptr nocapture noundef)

declare i64 @strtol(ptr noundef readonly, ptr nocapture noundef, i32 noundef)

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
  %2 = load i32, ptr @config, align 4
  %3 = load i32, ptr getelementptr inbounds (i8, ptr @config, i64 4), align 4
  %4 = add nsw i32 %3, %2
  %5 = sext i32 %4 to i64
  store i64 %5, ptr @sink, align 8
  ret void
}

declare void @_ZdlPvm(ptr noundef, i64 noundef)

define internal void @_GLOBAL__sub_I_ctor.cpp() section ".text.startup" {
  tail call void @_ZN6ConfigC2Ev(ptr noundef nonnull align 4 dereferenceable(8) @config)
  ret void
}

