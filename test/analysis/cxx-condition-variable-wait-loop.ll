; A std::thread lambda that waits on a std::condition_variable in a loop
; (libstdc++: std::condition_variable::wait(std::unique_lock<std::mutex>&) is
; in libstdc++.so and blocks). The loop around it is a waiting loop, so the
; store to wakeups in that loop is a run-time write that is not repeated
; often: neutral "in a loop that waits", not write-hot. The condition variable
; itself is synchronised on (wait is lock traffic on it) and is write-hot,
; like the mutex. ready is written once by main after the thread starts:
; a rare write, read-mostly. cv's destructor is registered with __cxa_atexit by the global
; constructor. (Both cv and mu also escape in this module: cv to its
; out-of-line constructor, mu into the std::unique_lock object. Write-hot is
; decided before escapes, so they are write-hot all the same.)
; Source (clang++-19 -O1 -fno-exceptions, trimmed; globals made internal):
;   std::mutex mu; std::condition_variable cv; bool ready; long wakeups;
;   int main() {
;     std::thread t([] {
;       std::unique_lock<std::mutex> lk(mu);
;       while (!ready) { cv.wait(lk); wakeups = wakeups + 1; }
;     });
;     { std::lock_guard<std::mutex> g(mu); ready = true; }
;     cv.notify_one();
;     t.join(); return (int)wakeups;
;   }
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -pass-remarks-analysis=cacheline-layout -disable-output %s 2>%t.rmk
; RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.rmk

; CHECK-DAG: "class":"neutral","name":"wakeups","reads":2,"reason":"written at run time, but not repeatedly: store in std::thread::_State_impl<std::thread::_Invoker<std::tuple<main::$_0>>>::_M_run() (thread entry) in a loop that waits",
; CHECK-DAG: "class":"write-hot",{{("escape":"[^"]*",)?}}"name":"cv",{{.*}}"kind":"lock call","loop":"waiting"
; CHECK-DAG: "class":"write-hot",{{("escape":"[^"]*",)?}}"name":"mu",
; CHECK-DAG: "class":"read-mostly","name":"ready",{{.*}}"reason":"written only rarely while threads run (store in main after threads may exist)

; REMARK-DAG: remark: {{.*}}global wakeups is neutral: written at run time, but not repeatedly: {{.*}} in a loop that waits
; REMARK-DAG: remark: {{.*}}global cv is write-hot:

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%union.pthread_mutex_t = type { %struct.__pthread_mutex_s }
%struct.__pthread_mutex_s = type { i32, i32, i32, i32, i32, i16, i16, %struct.__pthread_internal_list }
%struct.__pthread_internal_list = type { ptr, ptr }
%"class.std::condition_variable" = type { %"class.std::__condvar" }
%"class.std::__condvar" = type { %union.pthread_cond_t }
%union.pthread_cond_t = type { %struct.__pthread_cond_s }
%struct.__pthread_cond_s = type { %union.__atomic_wide_counter, %union.__atomic_wide_counter, [2 x i32], [2 x i32], i32, i32, [2 x i32] }
%union.__atomic_wide_counter = type { i64 }
%"class.std::unique_ptr" = type { %"struct.std::__uniq_ptr_data" }
%"struct.std::__uniq_ptr_data" = type { %"class.std::__uniq_ptr_impl" }
%"class.std::__uniq_ptr_impl" = type { %"class.std::tuple" }
%"class.std::tuple" = type { %"struct.std::_Tuple_impl" }
%"struct.std::_Tuple_impl" = type { %"struct.std::_Head_base.1" }
%"struct.std::_Head_base.1" = type { ptr }
%"class.std::thread" = type { %"class.std::thread::id" }
%"class.std::thread::id" = type { i64 }
%"class.std::unique_lock" = type <{ ptr, i8, [7 x i8] }>

@mu = internal global { %union.pthread_mutex_t } zeroinitializer, align 8
@cv = internal global %"class.std::condition_variable" zeroinitializer, align 8
@__dso_handle = external hidden global i8
@ready = internal global i8 0, align 1
@wakeups = internal global i64 0, align 8
@"_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE" = internal unnamed_addr constant { [5 x ptr] } { [5 x ptr] [ptr null, ptr @"_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE", ptr @_ZNSt6thread6_StateD2Ev, ptr @"_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEED0Ev", ptr @"_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEE6_M_runEv"] }, align 8
@_ZTVN10__cxxabiv120__si_class_type_infoE = external global [0 x ptr]
@"_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE" = internal constant [65 x i8] c"NSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE\00", align 1
@_ZTINSt6thread6_StateE = external constant ptr
@"_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE" = internal constant { ptr, ptr, ptr } { ptr getelementptr inbounds (ptr, ptr @_ZTVN10__cxxabiv120__si_class_type_infoE, i64 2), ptr @"_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEEE", ptr @_ZTINSt6thread6_StateE }, align 8
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_cvwait.cpp, ptr null }]

declare void @_ZNSt18condition_variableC1Ev(ptr noundef nonnull align 8 dereferenceable(48)) unnamed_addr

declare void @_ZNSt18condition_variableD1Ev(ptr noundef nonnull align 8 dereferenceable(48)) unnamed_addr

declare i32 @__cxa_atexit(ptr, ptr, ptr)

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
  %11 = call noundef i32 @pthread_mutex_lock(ptr noundef nonnull @mu)
  %12 = icmp eq i32 %11, 0
  br i1 %12, label %14, label %13

13:
  call void @_ZSt20__throw_system_errori(i32 noundef %11)
  unreachable

14:
  store i8 1, ptr @ready, align 1
  %15 = call noundef i32 @pthread_mutex_unlock(ptr noundef nonnull @mu)
  call void @_ZNSt18condition_variable10notify_oneEv(ptr noundef nonnull align 8 dereferenceable(48) @cv)
  call void @_ZNSt6thread4joinEv(ptr noundef nonnull align 8 dereferenceable(8) %2)
  %16 = load i64, ptr %2, align 8
  %17 = icmp eq i64 %16, 0
  br i1 %17, label %19, label %18

18:
  call void @_ZSt9terminatev()
  unreachable

19:
  %20 = load i64, ptr @wakeups, align 8
  %21 = trunc i64 %20 to i32
  ret i32 %21
}

declare void @_ZNSt18condition_variable10notify_oneEv(ptr noundef nonnull align 8 dereferenceable(48))

declare void @_ZNSt6thread4joinEv(ptr noundef nonnull align 8 dereferenceable(8))

declare void @_ZSt9terminatev()

declare void @_ZSt20__throw_system_errori(i32 noundef)

declare i32 @pthread_mutex_lock(ptr noundef)

declare i32 @pthread_mutex_unlock(ptr noundef)

declare void @_ZNSt6thread15_M_start_threadESt10unique_ptrINS_6_StateESt14default_deleteIS1_EEPFvvE(ptr noundef nonnull align 8 dereferenceable(8), ptr noundef, ptr noundef)

declare noundef nonnull ptr @_Znwm(i64 noundef)

declare void @_ZNSt6thread6_StateD2Ev(ptr noundef nonnull align 8 dereferenceable(8)) unnamed_addr

define internal void @"_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEED0Ev"(ptr noundef nonnull align 8 dereferenceable(9) %0) unnamed_addr align 2 {
  tail call void @_ZNSt6thread6_StateD2Ev(ptr noundef nonnull align 8 dereferenceable(9) %0)
  tail call void @_ZdlPvm(ptr noundef %0, i64 noundef 16)
  ret void
}

define internal void @"_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJZ4mainE3$_0EEEEE6_M_runEv"(ptr nocapture nonnull readnone align 8 %0) unnamed_addr align 2 {
  %2 = alloca %"class.std::unique_lock", align 8
  store ptr @mu, ptr %2, align 8
  %3 = getelementptr inbounds i8, ptr %2, i64 8
  store i8 0, ptr %3, align 8
  %4 = tail call noundef i32 @pthread_mutex_lock(ptr noundef nonnull @mu)
  %5 = icmp eq i32 %4, 0
  br i1 %5, label %7, label %6

6:
  tail call void @_ZSt20__throw_system_errori(i32 noundef %4)
  unreachable

7:
  store i8 1, ptr %3, align 8
  %8 = load i8, ptr @ready, align 1
  %9 = trunc i8 %8 to i1
  br i1 %9, label %15, label %10

10:
  call void @_ZNSt18condition_variable4waitERSt11unique_lockISt5mutexE(ptr noundef nonnull align 8 dereferenceable(48) @cv, ptr noundef nonnull align 8 dereferenceable(9) %2)
  %11 = load i64, ptr @wakeups, align 8
  %12 = add nsw i64 %11, 1
  store i64 %12, ptr @wakeups, align 8
  %13 = load i8, ptr @ready, align 1
  %14 = trunc i8 %13 to i1
  br i1 %14, label %15, label %10

15:
  %16 = load i8, ptr %3, align 8
  %17 = trunc i8 %16 to i1
  br i1 %17, label %18, label %23

18:
  %19 = load ptr, ptr %2, align 8
  %20 = icmp eq ptr %19, null
  br i1 %20, label %23, label %21

21:
  %22 = call noundef i32 @pthread_mutex_unlock(ptr noundef nonnull %19)
  store i8 0, ptr %3, align 8
  br label %23

23:
  ret void
}

declare void @_ZdlPvm(ptr noundef, i64 noundef)

declare void @_ZNSt18condition_variable4waitERSt11unique_lockISt5mutexE(ptr noundef nonnull align 8 dereferenceable(48), ptr noundef nonnull align 8 dereferenceable(9))

define internal void @_GLOBAL__sub_I_cvwait.cpp() section ".text.startup" {
  tail call void @_ZNSt18condition_variableC1Ev(ptr noundef nonnull align 8 dereferenceable(48) @cv)
  %1 = tail call i32 @__cxa_atexit(ptr nonnull @_ZNSt18condition_variableD1Ev, ptr nonnull @cv, ptr nonnull @__dso_handle)
  ret void
}

