; Regression (was a bug): ThreadContext::scanFunctionAddresses (then llvm-pass/ThreadContext.cpp, now lib/WholeProgram/Solver.cpp)
; treats every store of a function's address as "address taken" (callers:
; the module's own indirect calls of a matching type), even when it is
; stored into memory outside the module: here the external global log_hook,
; through which library code calls my_hook() on its own threads. Because the
; only indirect call of matching type in the module (in run_now(), called
; from main before the thread starts) is start-up code, computeStartUpOnly
; makes my_hook() start-up-only and hook_calls comes out read-mostly
; ("written only at start-up (store in my_hook() (called only at
; start-up))") -- the one harmful mistake. A function whose address is stored
; where code outside the module can load it must count as escaped
; ("callback of unknown code"), like one passed to an unknown function.
;
; Rule 7 only trusts indirect calls "through function pointers that stay in
; the module". my_hook's address leaves the module (stored to the external
; log_hook), so unknown code may call it at any time on any thread: it is a
; callback of unknown code, hence hot, and its store to hook_calls is
; write-hot. It must never be read-mostly.
; Source (C++; hand-written IR, names as clang++ mangles them):
;   extern void (*log_hook)();     // a library calls it from its threads
;   void library_work();           // the library
;   static long hook_calls; long sink;
;   static void my_hook() { hook_calls = hook_calls + 1; }
;   static void run_now(void (*f)()) { f(); }
;   static void *worker(void *) { library_work(); sink = hook_calls; return 0; }
;   int main() {
;     log_hook = my_hook;
;     run_now(my_hook);            // once, before any thread exists
;     pthread_t t; pthread_create(&t, 0, worker, 0); pthread_join(t, 0);
;   }
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='print<cacheline-layout>' -disable-output %s > %t.txt
; RUN: FileCheck %s --check-prefix=PRINT --input-file=%t.txt

; CHECK-NOT: "class":"read-mostly","name":"_ZL10hook_calls"
; CHECK: "class":"write-hot","name":"_ZL10hook_calls","reads":2,"reason":"written while threads run: store in my_hook() (callback of unknown code)"

; PRINT-DAG: function _ZL7my_hookv: callback of unknown code
; PRINT-DAG: function _ZL7run_nowPFvvE: called only at start-up

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@log_hook = external global ptr, align 8
@_ZL10hook_calls = internal global i64 0, align 8
@sink = internal global i64 0, align 8

; static void my_hook() { hook_calls = hook_calls + 1; }
define internal void @_ZL7my_hookv() {
  %1 = load i64, ptr @_ZL10hook_calls, align 8
  %2 = add nsw i64 %1, 1
  store i64 %2, ptr @_ZL10hook_calls, align 8
  ret void
}

; static void run_now(void (*f)()) { f(); }
define internal void @_ZL7run_nowPFvvE(ptr %f) {
  call void %f()
  ret void
}

define internal ptr @worker(ptr %arg) {
  call void @_Z12library_workv()
  %1 = load i64, ptr @_ZL10hook_calls, align 8
  store i64 %1, ptr @sink, align 8
  ret ptr null
}

define i32 @main() {
  %t = alloca i64, align 8
  store ptr @_ZL7my_hookv, ptr @log_hook, align 8
  call void @_ZL7run_nowPFvvE(ptr @_ZL7my_hookv)
  %r = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %h = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %h, ptr null)
  ret i32 0
}

declare void @_Z12library_workv()
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
