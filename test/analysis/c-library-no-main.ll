; Rule 2, the other way (a module without main is a library): every
; exported function is an entry that unknown callers may run on any thread,
; repeatedly. lib_record is exported and stores @last_value (internal):
; write-hot, although no loop or thread creation is visible. The library's
; global constructor is still start-up code: @lib_limit, set only there and
; read by lib_record, is read-mostly.
;
;   static long last_value, lib_limit;
;   __attribute__((constructor)) static void lib_init(void) { lib_limit = 100; }
;   long lib_record(long v) { if (v > lib_limit) v = lib_limit; last_value = v; return v; }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK-DAG: "class":"write-hot","name":"last_value","reads":0,"reason":"written while threads run: store in lib_record (called repeatedly while threads run)"
; CHECK-DAG: "class":"read-mostly","name":"lib_limit","reads":1,"reason":"written only at start-up (store in lib_init (global constructor)); read by load in lib_record (called repeatedly while threads run)"
; CHECK: "threads": true,
; CHECK-NEXT: "thread_entries": [],
; CHECK-NEXT: "start_up_functions": ["lib_init"]

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@last_value = internal global i64 0, align 8
@lib_limit = internal global i64 0, align 8
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @lib_init, ptr null }]

define internal void @lib_init() {
entry:
  store i64 100, ptr @lib_limit, align 8
  ret void
}

define i64 @lib_record(i64 %v) {
entry:
  %lim = load i64, ptr @lib_limit, align 8
  %big = icmp sgt i64 %v, %lim
  %r = select i1 %big, i64 %lim, i64 %v
  store i64 %r, ptr @last_value, align 8
  ret i64 %r
}
