; Regression (was a bug): ThreadContext::isWaitingLoop (then llvm-pass/ThreadContext.cpp, now lib/WholeProgram/Solver.cpp) only counts
; waiting calls in the loop's own blocks, never in inner loops. libstdc++
; (GCC 12) inlines std::this_thread::sleep_for into
;   while (::nanosleep(&ts, &ts) == -1 && errno == EINTR) {}
; so the nanosleep call sits in an inner EINTR-retry loop, and a loop that
; sleeps 10 ms on every iteration is taken for a busy loop: ticks comes out
; write-hot ("... (thread entry) in a loop"). The exclusion is meant for an
; inner loop that waits for work and may be skipped (while (q.empty())
; cv.wait(lk);); here the block calling nanosleep is the inner loop's header,
; which dominates the outer loop's latch, so every outer iteration blocks.
; (A fix that also counts waiting calls whose block dominates all latches of
; the loop makes this test pass.)
;
; Two std::thread lambdas bump a counter once per 10 ms sleep: ticks with
; std::this_thread::sleep_for, polls with usleep (a direct call in the loop's
; own block, recognised as waiting today). Both loops wait, so neither
; counter is written repeatedly: both are neutral "in a loop that waits".
; Source (clang++-19 -O1 -fno-exceptions, trimmed; globals made internal):
;   std::atomic<bool> stop; long ticks; long polls;
;   int main() {
;     std::thread t([] { while (!stop.load(std::memory_order_relaxed)) {
;         ticks = ticks + 1;
;         std::this_thread::sleep_for(std::chrono::milliseconds(10)); } });
;     std::thread u([] { while (!stop.load(std::memory_order_relaxed)) {
;         polls = polls + 1; usleep(10000); } });
;     std::this_thread::sleep_for(std::chrono::seconds(1));
;     stop = true; t.join(); u.join(); return (int)(ticks + polls);
;   }
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK-DAG: "class":"neutral","name":"polls","reads":2,"reason":"written at run time, but not repeatedly: store in std::thread::_State_impl<std::thread::_Invoker<std::tuple<main::$_1>>>::_M_run() (thread entry) in a loop that waits",
; CHECK-DAG: "class":"neutral","name":"ticks","reads":2,"reason":"written at run time, but not repeatedly: store in std::thread::_State_impl<std::thread::_Invoker<std::tuple<main::$_0>>>::_M_run() (thread entry) in a loop that waits",

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%"struct.std::atomic" = type { %"struct.std::__atomic_base" }
%"struct.std::__atomic_base" = type { i8 }
%struct.timespec = type { i64, i64 }
%"class.std::unique_ptr" = type { %"struct.std::__uniq_ptr_data" }
%"struct.std::__uniq_ptr_data" = type { %"class.std::__uniq_ptr_impl" }
%"class.std::__uniq_ptr_impl" = type { %"class.std::tuple" }
%"class.std::tuple" = type { %"struct.std::_Tuple_impl" }
%"struct.std::_Tuple_impl" = type { %"struct.std::_Head_base.3" }
%"struct.std::_Head_base.3" = type { ptr }
%"class.std::thread" = type { %"class.std::thread::id" }
%"class.std::thread::id" = type { i64 }

@stop = internal global %"struct.std::atomic" zeroinitializer, align 1
@ticks = internal global i64 0, align 8
@polls = internal global i64 0, align 8
@"_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE" = internal unnamed_addr constant { [5 x ptr] } { [5 x ptr] [ptr null, ptr @"_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE", ptr @_ZNSt6thread6_StateD2Ev, ptr @"_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEED0Ev", ptr @"_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEE6_M_runEv"] }, align 8
@_ZTVN10__cxxabiv120__si_class_type_infoE = external global [0 x ptr]
@"_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE" = internal constant [65 x i8] c"NSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE\00", align 1
@_ZTINSt6thread6_StateE = external constant ptr
@"_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE" = internal constant { ptr, ptr, ptr } { ptr getelementptr inbounds (ptr, ptr @_ZTVN10__cxxabiv120__si_class_type_infoE, i64 2), ptr @"_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE", ptr @_ZTINSt6thread6_StateE }, align 8
@"_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_1EEEEEE" = internal unnamed_addr constant { [5 x ptr] } { [5 x ptr] [ptr null, ptr @"_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_1EEEEEE", ptr @_ZNSt6thread6_StateD2Ev, ptr @"_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_1EEEEED0Ev", ptr @"_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_1EEEEE6_M_runEv"] }, align 8
@"_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_1EEEEEE" = internal constant [65 x i8] c"NSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_1EEEEEE\00", align 1
@"_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_1EEEEEE" = internal constant { ptr, ptr, ptr } { ptr getelementptr inbounds (ptr, ptr @_ZTVN10__cxxabiv120__si_class_type_infoE, i64 2), ptr @"_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_1EEEEEE", ptr @_ZTINSt6thread6_StateE }, align 8

define noundef i32 @main() {
  %1 = alloca %struct.timespec, align 8
  %2 = alloca %"class.std::unique_ptr", align 8
  %3 = alloca %"class.std::unique_ptr", align 8
  %4 = alloca %"class.std::thread", align 8
  %5 = alloca %"class.std::thread", align 8
  store i64 0, ptr %4, align 8
  %6 = tail call noalias noundef nonnull dereferenceable(16) ptr @_Znwm(i64 noundef 16)
  store ptr getelementptr inbounds (i8, ptr @"_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE", i64 16), ptr %6, align 8
  store ptr %6, ptr %3, align 8
  call void @_ZNSt6thread15_M_start_threadESt10unique_ptrINS_6_StateESt14default_deleteIS1_EEPFvvE(ptr noundef nonnull align 8 dereferenceable(8) %4, ptr noundef nonnull %3, ptr noundef null)
  %7 = load ptr, ptr %3, align 8
  %8 = icmp eq ptr %7, null
  br i1 %8, label %13, label %9

9:
  %10 = load ptr, ptr %7, align 8
  %11 = getelementptr inbounds i8, ptr %10, i64 8
  %12 = load ptr, ptr %11, align 8
  call void %12(ptr noundef nonnull align 8 dereferenceable(8) %7)
  br label %13

13:
  store ptr null, ptr %3, align 8
  store i64 0, ptr %5, align 8
  %14 = call noalias noundef nonnull dereferenceable(16) ptr @_Znwm(i64 noundef 16)
  store ptr getelementptr inbounds (i8, ptr @"_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_1EEEEEE", i64 16), ptr %14, align 8
  store ptr %14, ptr %2, align 8
  call void @_ZNSt6thread15_M_start_threadESt10unique_ptrINS_6_StateESt14default_deleteIS1_EEPFvvE(ptr noundef nonnull align 8 dereferenceable(8) %5, ptr noundef nonnull %2, ptr noundef null)
  %15 = load ptr, ptr %2, align 8
  %16 = icmp eq ptr %15, null
  br i1 %16, label %21, label %17

17:
  %18 = load ptr, ptr %15, align 8
  %19 = getelementptr inbounds i8, ptr %18, i64 8
  %20 = load ptr, ptr %19, align 8
  call void %20(ptr noundef nonnull align 8 dereferenceable(8) %15)
  br label %21

21:
  store ptr null, ptr %2, align 8
  store i64 1, ptr %1, align 8
  %22 = getelementptr inbounds i8, ptr %1, i64 8
  store i64 0, ptr %22, align 8
  br label %23

23:
  %24 = call i32 @nanosleep(ptr noundef nonnull %1, ptr noundef nonnull %1)
  %25 = icmp eq i32 %24, -1
  br i1 %25, label %26, label %30

26:
  %27 = tail call ptr @__errno_location()
  %28 = load i32, ptr %27, align 4
  %29 = icmp eq i32 %28, 4
  br i1 %29, label %23, label %30

30:
  store atomic i8 1, ptr @stop seq_cst, align 1
  call void @_ZNSt6thread4joinEv(ptr noundef nonnull align 8 dereferenceable(8) %4)
  call void @_ZNSt6thread4joinEv(ptr noundef nonnull align 8 dereferenceable(8) %5)
  %31 = load i64, ptr @ticks, align 8
  %32 = load i64, ptr @polls, align 8
  %33 = load i64, ptr %5, align 8
  %34 = icmp eq i64 %33, 0
  br i1 %34, label %36, label %35

35:
  call void @_ZSt9terminatev()
  unreachable

36:
  %37 = load i64, ptr %4, align 8
  %38 = icmp eq i64 %37, 0
  br i1 %38, label %40, label %39

39:
  call void @_ZSt9terminatev()
  unreachable

40:
  %41 = add nsw i64 %32, %31
  %42 = trunc i64 %41 to i32
  ret i32 %42
}

declare void @_ZNSt6thread4joinEv(ptr noundef nonnull align 8 dereferenceable(8))

declare void @_ZSt9terminatev()

declare void @_ZNSt6thread15_M_start_threadESt10unique_ptrINS_6_StateESt14default_deleteIS1_EEPFvvE(ptr noundef nonnull align 8 dereferenceable(8), ptr noundef, ptr noundef)

declare noundef nonnull ptr @_Znwm(i64 noundef)

define internal void @"_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEED0Ev"(ptr noundef nonnull align 8 dereferenceable(9) %0) unnamed_addr align 2 {
  tail call void @_ZNSt6thread6_StateD2Ev(ptr noundef nonnull align 8 dereferenceable(9) %0)
  tail call void @_ZdlPvm(ptr noundef %0, i64 noundef 16)
  ret void
}

define internal void @"_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEE6_M_runEv"(ptr nocapture nonnull readnone align 8 %0) unnamed_addr align 2 {
  %2 = alloca %struct.timespec, align 8
  %3 = load atomic i8, ptr @stop monotonic, align 1
  %4 = trunc i8 %3 to i1
  br i1 %4, label %20, label %5

5:
  %6 = getelementptr inbounds i8, ptr %2, i64 8
  br label %7

7:
  %8 = load i64, ptr @ticks, align 8
  %9 = add nsw i64 %8, 1
  store i64 %9, ptr @ticks, align 8
  store i64 0, ptr %2, align 8
  store i64 10000000, ptr %6, align 8
  br label %10

10:
  %11 = call i32 @nanosleep(ptr noundef nonnull %2, ptr noundef nonnull %2)
  %12 = icmp eq i32 %11, -1
  br i1 %12, label %13, label %17

13:
  %14 = tail call ptr @__errno_location()
  %15 = load i32, ptr %14, align 4
  %16 = icmp eq i32 %15, 4
  br i1 %16, label %10, label %17

17:
  %18 = load atomic i8, ptr @stop monotonic, align 1
  %19 = trunc i8 %18 to i1
  br i1 %19, label %20, label %7

20:
  ret void
}

declare void @_ZdlPvm(ptr noundef, i64 noundef)

declare i32 @nanosleep(ptr noundef, ptr noundef)

declare ptr @__errno_location()

declare void @_ZNSt6thread6_StateD2Ev(ptr noundef nonnull align 8 dereferenceable(8)) unnamed_addr

define internal void @"_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_1EEEEED0Ev"(ptr noundef nonnull align 8 dereferenceable(9) %0) unnamed_addr align 2 {
  tail call void @_ZNSt6thread6_StateD2Ev(ptr noundef nonnull align 8 dereferenceable(9) %0)
  tail call void @_ZdlPvm(ptr noundef %0, i64 noundef 16)
  ret void
}

define internal void @"_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_1EEEEE6_M_runEv"(ptr nocapture nonnull readnone align 8 %0) unnamed_addr align 2 {
  %2 = load atomic i8, ptr @stop monotonic, align 1
  %3 = trunc i8 %2 to i1
  br i1 %3, label %10, label %4

4:
  %5 = load i64, ptr @polls, align 8
  %6 = add nsw i64 %5, 1
  store i64 %6, ptr @polls, align 8
  %7 = tail call i32 @usleep(i32 noundef 10000)
  %8 = load atomic i8, ptr @stop monotonic, align 1
  %9 = trunc i8 %8 to i1
  br i1 %9, label %10, label %4

10:
  ret void
}

declare i32 @usleep(i32 noundef)

