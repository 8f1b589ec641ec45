; Regression (was a crash): the indirect call in @counterMutexAlloc loads
; its callee from @g, so collecting the call sites asks what functions @g
; holds, which walks @g's uses, and @g's address is also the function's
; result: the walk asked what callers do with that result before the
; callers were linked (the solver's per-function table of result uses was
; still empty, and was indexed). Until the callers are linked, no use of a
; result is known. Reduced by llvm-reduce from SQLite's test_mutex.c.
; RUN: %opt -load-pass-plugin=%plugin -passes='print<cacheline-layout>' -disable-output %s > %t.out 2>&1
; RUN: FileCheck %s --input-file=%t.out
; CHECK: global g: neutral: the program starts no threads
; CHECK: function counterMutexAlloc: called at run time

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.test_mutex_globals = type { i32, i32, i32, i32, %struct.sqlite3_mutex_methods, [14 x i32], [12 x %struct.sqlite3_mutex] }
%struct.sqlite3_mutex_methods = type { ptr, ptr, ptr, ptr, ptr, ptr, ptr, ptr, ptr }
%struct.sqlite3_mutex = type { ptr, i32 }

@g = internal global %struct.test_mutex_globals zeroinitializer
@__const.test_install_mutex_counters.counter_methods = private constant %struct.sqlite3_mutex_methods { ptr null, ptr null, ptr @counterMutexAlloc, ptr null, ptr null, ptr null, ptr null, ptr null, ptr null }

define internal ptr @counterMutexAlloc() {
  %1 = load ptr, ptr @g, align 8
  %2 = tail call ptr %1(i32 0)
  ret ptr @g
}
