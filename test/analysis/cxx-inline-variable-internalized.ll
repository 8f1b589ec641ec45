; The C++17 inline variable of cxx-inline-variable-linkonce.ll after the
; full-LTO link internalized it: `internal`, still with its comdat. Now
; every access is in the module, so it is classified normally: the thread
; lambda (std::thread::_State_impl<...>::_M_run, a thread entry) stores to
; it, so it is write-hot. The comdat must not make it look exported.
; Source (clang++-19 -std=c++17 -O1 -fno-exceptions, trimmed; linkonce_odr
; changed to internal by hand):
;   inline long inline_hits;            // C++17 inline variable
;   int main() {
;     std::thread t([] { inline_hits = inline_hits + 1; });
;     t.join(); return (int)inline_hits;
;   }
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -pass-remarks-analysis=cacheline-layout -disable-output %s 2>%t.rmk
; RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.rmk

; CHECK: "class":"write-hot","name":"inline_hits","reads":2,"reason":"written while threads run: store in std::thread::_State_impl<std::thread::_Invoker<std::tuple<main::$_0>>>::_M_run() (thread entry)"

; REMARK: remark: {{.*}}global inline_hits is write-hot: written while threads run: store in std::thread::_State_impl

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%"class.std::unique_ptr" = type { %"struct.std::__uniq_ptr_data" }
%"struct.std::__uniq_ptr_data" = type { %"class.std::__uniq_ptr_impl" }
%"class.std::__uniq_ptr_impl" = type { %"class.std::tuple" }
%"class.std::tuple" = type { %"struct.std::_Tuple_impl" }
%"struct.std::_Tuple_impl" = type { %"struct.std::_Head_base.1" }
%"struct.std::_Head_base.1" = type { ptr }
%"class.std::thread" = type { %"class.std::thread::id" }
%"class.std::thread::id" = type { i64 }

$inline_hits = comdat any

@inline_hits = internal global i64 0, comdat, align 8
@"_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE" = internal unnamed_addr constant { [5 x ptr] } { [5 x ptr] [ptr null, ptr @"_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE", ptr @_ZNSt6thread6_StateD2Ev, ptr @"_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEED0Ev", ptr @"_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEE6_M_runEv"] }, align 8
@_ZTVN10__cxxabiv120__si_class_type_infoE = external global [0 x ptr]
@"_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE" = internal constant [65 x i8] c"NSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE\00", align 1
@_ZTINSt6thread6_StateE = external constant ptr
@"_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE" = internal constant { ptr, ptr, ptr } { ptr getelementptr inbounds (ptr, ptr @_ZTVN10__cxxabiv120__si_class_type_infoE, i64 2), ptr @"_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE", ptr @_ZTINSt6thread6_StateE }, align 8

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
  %15 = load i64, ptr @inline_hits, align 8
  %16 = trunc i64 %15 to i32
  ret i32 %16
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
  %2 = load i64, ptr @inline_hits, align 8
  %3 = add nsw i64 %2, 1
  store i64 %3, ptr @inline_hits, align 8
  ret void
}

declare void @_ZdlPvm(ptr noundef, i64 noundef)

