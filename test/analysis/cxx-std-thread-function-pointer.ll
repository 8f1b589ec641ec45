; std::thread started with a plain function instead of a lambda
; (libstdc++): the thread entry std::thread::_State_impl<...<void (*)()>>::_M_run
; calls worker() indirectly, through the pointer stored in the state object.
; worker() is address-taken in the module and the indirect call's type
; matches, so it is reached from the thread entry and is hot: its store to
; progress is write-hot. (The state object holding the pointer is handed to
; std::thread::_M_start_thread in libstdc++.so, so an analysis may also call
; worker() a callback of unknown code; that is hot too, and both roles are
; accepted.) iterations is written in main before
; std::thread::_M_start_thread and only read by worker(): read-mostly.
; Source (clang++-19 -O1 -fno-exceptions, trimmed; globals and the
; linkonce_odr _State_impl members made internal, comdats dropped, as after
; LTO internalization):
;   long progress; int iterations;
;   static void worker() { for (int i = 0; i < iterations; ++i) progress = progress + i; }
;   int main(int argc, char **) {
;     iterations = argc * 1000;
;     std::thread t(worker);
;     t.join(); return (int)progress;
;   }
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='print<cacheline-layout>' -disable-output %s > %t.txt
; RUN: FileCheck %s --check-prefix=PRINT --input-file=%t.txt

; CHECK-DAG: "class":"write-hot","name":"progress","reads":2,"reason":"written while threads run: store in worker() ({{called repeatedly while threads run|callback of unknown code}})",
; CHECK-DAG: "class":"read-mostly","name":"iterations","reads":1,"reason":"written only at start-up (store in main before the first thread starts); read by load in worker() ({{called repeatedly while threads run|callback of unknown code}})",
; CHECK-DAG: "thread_entries": ["_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv"]

; PRINT-DAG: function _ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv: thread entry
; PRINT-DAG: function _ZL6workerv: {{called repeatedly while threads run|callback of unknown code}}

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

@progress = internal global i64 0, align 8
@iterations = internal global i32 0, align 4
@_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE = internal unnamed_addr constant { [5 x ptr] } { [5 x ptr] [ptr null, ptr @_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE, ptr @_ZNSt6thread6_StateD2Ev, ptr @_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED0Ev, ptr @_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv] }, align 8
@_ZTVN10__cxxabiv120__si_class_type_infoE = external global [0 x ptr]
@_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE = internal constant [59 x i8] c"NSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE\00", align 1
@_ZTINSt6thread6_StateE = external constant ptr
@_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE = internal constant { ptr, ptr, ptr } { ptr getelementptr inbounds (ptr, ptr @_ZTVN10__cxxabiv120__si_class_type_infoE, i64 2), ptr @_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE, ptr @_ZTINSt6thread6_StateE }, align 8

define noundef i32 @main(i32 noundef %0, ptr nocapture noundef readnone %1) {
  %3 = alloca %"class.std::unique_ptr", align 8
  %4 = alloca %"class.std::thread", align 8
  %5 = mul nsw i32 %0, 1000
  store i32 %5, ptr @iterations, align 4
  store i64 0, ptr %4, align 8
  %6 = tail call noalias noundef nonnull dereferenceable(16) ptr @_Znwm(i64 noundef 16)
  store ptr getelementptr inbounds (i8, ptr @_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEEE, i64 16), ptr %6, align 8
  %7 = getelementptr inbounds i8, ptr %6, i64 8
  store ptr @_ZL6workerv, ptr %7, align 8
  store ptr %6, ptr %3, align 8
  call void @_ZNSt6thread15_M_start_threadESt10unique_ptrINS_6_StateESt14default_deleteIS1_EEPFvvE(ptr noundef nonnull align 8 dereferenceable(8) %4, ptr noundef nonnull %3, ptr noundef null)
  %8 = load ptr, ptr %3, align 8
  %9 = icmp eq ptr %8, null
  br i1 %9, label %14, label %10

10:
  %11 = load ptr, ptr %8, align 8
  %12 = getelementptr inbounds i8, ptr %11, i64 8
  %13 = load ptr, ptr %12, align 8
  call void %13(ptr noundef nonnull align 8 dereferenceable(8) %8)
  br label %14

14:
  store ptr null, ptr %3, align 8
  call void @_ZNSt6thread4joinEv(ptr noundef nonnull align 8 dereferenceable(8) %4)
  %15 = load i64, ptr %4, align 8
  %16 = icmp eq i64 %15, 0
  br i1 %16, label %18, label %17

17:
  call void @_ZSt9terminatev()
  unreachable

18:
  %19 = load i64, ptr @progress, align 8
  %20 = trunc i64 %19 to i32
  ret i32 %20
}

define internal void @_ZL6workerv() {
  %1 = load i32, ptr @iterations, align 4
  %2 = icmp sgt i32 %1, 0
  br i1 %2, label %3, label %14

3:
  %4 = load i64, ptr @progress, align 8
  %5 = add nsw i32 %1, -2
  %6 = add nsw i32 %1, -1
  %7 = zext i32 %6 to i64
  %8 = zext i32 %5 to i64
  %9 = mul nuw i64 %7, %8
  %10 = lshr i64 %9, 1
  %11 = zext i32 %6 to i64
  %12 = add i64 %4, %11
  %13 = add i64 %12, %10
  store i64 %13, ptr @progress, align 8
  br label %14

14:
  ret void
}

declare void @_ZNSt6thread4joinEv(ptr noundef nonnull align 8 dereferenceable(8))

declare void @_ZSt9terminatev()

declare void @_ZNSt6thread15_M_start_threadESt10unique_ptrINS_6_StateESt14default_deleteIS1_EEPFvvE(ptr noundef nonnull align 8 dereferenceable(8), ptr noundef, ptr noundef)

declare noundef nonnull ptr @_Znwm(i64 noundef)

declare void @_ZNSt6thread6_StateD2Ev(ptr noundef nonnull align 8 dereferenceable(8)) unnamed_addr

define internal void @_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEED0Ev(ptr noundef nonnull align 8 dereferenceable(16) %0) unnamed_addr align 2 {
  tail call void @_ZNSt6thread6_StateD2Ev(ptr noundef nonnull align 8 dereferenceable(16) %0)
  tail call void @_ZdlPvm(ptr noundef %0, i64 noundef 16)
  ret void
}

define internal void @_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv(ptr noundef nonnull align 8 dereferenceable(16) %0) unnamed_addr align 2 {
  %2 = getelementptr inbounds i8, ptr %0, i64 8
  %3 = load ptr, ptr %2, align 8
  tail call void %3()
  ret void
}

declare void @_ZdlPvm(ptr noundef, i64 noundef)

