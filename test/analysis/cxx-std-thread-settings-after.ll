; The settings struct of cxx-std-thread-settings-before.ll, but written in
; main after the std::thread is constructed (after
; std::thread::_M_start_thread): the lambda may already be reading it, so the
; writes are run-time writes, not start-up ones. They are outside any loop in
; main (not a hot function): written once while threads run, a rare write,
; and the struct, read by the thread, is read-mostly ("written only rarely
; while threads run").
; Source (clang++-19 -O1 -fno-exceptions, trimmed; `settings` and `sink`
; were external and are made `internal` here, as LTO internalization does):
;   struct Settings { int verbosity; int limit; };
;   Settings settings; long sink;
;   int main(int argc, char **) {
;     std::thread t([] { sink = settings.verbosity + settings.limit; });
;     settings.verbosity = argc; settings.limit = 100;
;     t.join(); return 0;
;   }
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -pass-remarks-analysis=cacheline-layout -disable-output %s 2>%t.rmk
; RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.rmk

; CHECK: "class":"read-mostly","name":"settings","reads":2,"reason":"written only rarely while threads run (store in main after threads may exist)
; CHECK-SAME: "context":"run-time","frequency":1,"function":"main"

; REMARK: remark: {{.*}}global settings is read-mostly: written only rarely while threads run (store in main after threads may exist)

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.Settings = type { i32, i32 }
%"class.std::unique_ptr" = type { %"struct.std::__uniq_ptr_data" }
%"struct.std::__uniq_ptr_data" = type { %"class.std::__uniq_ptr_impl" }
%"class.std::__uniq_ptr_impl" = type { %"class.std::tuple" }
%"class.std::tuple" = type { %"struct.std::_Tuple_impl" }
%"struct.std::_Tuple_impl" = type { %"struct.std::_Head_base.1" }
%"struct.std::_Head_base.1" = type { ptr }
%"class.std::thread" = type { %"class.std::thread::id" }
%"class.std::thread::id" = type { i64 }

@settings = internal global %struct.Settings zeroinitializer, align 4
@sink = internal global i64 0, align 8
@"_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE" = internal unnamed_addr constant { [5 x ptr] } { [5 x ptr] [ptr null, ptr @"_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE", ptr @_ZNSt6thread6_StateD2Ev, ptr @"_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEED0Ev", ptr @"_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEE6_M_runEv"] }, align 8
@_ZTVN10__cxxabiv120__si_class_type_infoE = external global [0 x ptr]
@"_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE" = internal constant [65 x i8] c"NSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE\00", align 1
@_ZTINSt6thread6_StateE = external constant ptr
@"_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE" = internal constant { ptr, ptr, ptr } { ptr getelementptr inbounds (ptr, ptr @_ZTVN10__cxxabiv120__si_class_type_infoE, i64 2), ptr @"_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE", ptr @_ZTINSt6thread6_StateE }, align 8

define noundef i32 @main(i32 noundef %0, ptr nocapture noundef readnone %1) {
  %3 = alloca %"class.std::unique_ptr", align 8
  %4 = alloca %"class.std::thread", align 8
  store i64 0, ptr %4, align 8
  %5 = tail call noalias noundef nonnull dereferenceable(16) ptr @_Znwm(i64 noundef 16)
  store ptr getelementptr inbounds (i8, ptr @"_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE", i64 16), ptr %5, align 8
  store ptr %5, ptr %3, align 8
  call void @_ZNSt6thread15_M_start_threadESt10unique_ptrINS_6_StateESt14default_deleteIS1_EEPFvvE(ptr noundef nonnull align 8 dereferenceable(8) %4, ptr noundef nonnull %3, ptr noundef null)
  %6 = load ptr, ptr %3, align 8
  %7 = icmp eq ptr %6, null
  br i1 %7, label %12, label %8

8:
  %9 = load ptr, ptr %6, align 8
  %10 = getelementptr inbounds i8, ptr %9, i64 8
  %11 = load ptr, ptr %10, align 8
  call void %11(ptr noundef nonnull align 8 dereferenceable(8) %6)
  br label %12

12:
  store ptr null, ptr %3, align 8
  store i32 %0, ptr @settings, align 4
  store i32 100, ptr getelementptr inbounds (i8, ptr @settings, i64 4), align 4
  call void @_ZNSt6thread4joinEv(ptr noundef nonnull align 8 dereferenceable(8) %4)
  %13 = load i64, ptr %4, align 8
  %14 = icmp eq i64 %13, 0
  br i1 %14, label %16, label %15

15:
  call void @_ZSt9terminatev()
  unreachable

16:
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
  %2 = load i32, ptr @settings, align 4
  %3 = load i32, ptr getelementptr inbounds (i8, ptr @settings, i64 4), align 4
  %4 = add nsw i32 %3, %2
  %5 = sext i32 %4 to i64
  store i64 %5, ptr @sink, align 8
  ret void
}

declare void @_ZdlPvm(ptr noundef, i64 noundef)

