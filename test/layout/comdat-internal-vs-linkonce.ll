; COMDATs (x86_64, line 128). C++ inline variables live in a COMDAT; after
; the full-LTO link internalizes them they are `internal` but keep it. A
; moved internal global loses its COMDAT (which would otherwise make its
; section a group of its own, outside ours); an exported linkonce_odr one is
; skipped and keeps everything.
;
;   struct Cfg { static inline int verbose; static inline int level; };
;   struct Stats { static inline long hits; };
;   inline int get() { static int n = 5; return n; }
;   verbose: set in main before pthread_create, read in the worker loop   -> read-mostly (internalized)
;   hits:    stored in the worker's busy loop                              -> write-hot (internalized)
;   get()::n: never written, read by get() in the worker loop; get()'s COMDAT -> read-mostly (internalized)
;   level:   linkonce_odr (not internalized)                               -> skipped: exported
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll

; The COMDATs themselves stay declared (the linkonce_odr global and @_Z3getv use theirs).
; CHECK-DAG: $_ZN3Cfg5levelE = comdat any
; CHECK-DAG: $_Z3getv = comdat any
; CHECK-DAG: @_ZN5Stats4hitsE = internal global { i64, [120 x i8] } zeroinitializer, section ".bss.write_hot", align 8{{$}}
; CHECK-DAG: @_ZN3Cfg5levelE = linkonce_odr global i32 0, comdat, align 4{{$}}
; CHECK-DAG: @_ZZ3getvE1n = internal global i32 5, section ".data.read_mostly", align 4{{$}}
; CHECK-DAG: @_ZN3Cfg7verboseE = internal global i32 0, section ".bss.read_mostly", align 4{{$}}
; CHECK-DAG: define linkonce_odr i32 @_Z3getv() comdat {

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$_ZN3Cfg7verboseE = comdat any
$_ZN3Cfg5levelE = comdat any
$_ZN5Stats4hitsE = comdat any
$_Z3getv = comdat any

@_ZN3Cfg7verboseE = internal global i32 0, comdat, align 4
@_ZN3Cfg5levelE = linkonce_odr global i32 0, comdat, align 4
@_ZN5Stats4hitsE = internal global i64 0, comdat, align 8
@_ZZ3getvE1n = internal global i32 5, comdat($_Z3getv), align 4

define linkonce_odr i32 @_Z3getv() comdat {
entry:
  %n = load i32, ptr @_ZZ3getvE1n, align 4
  ret i32 %n
}

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %v = load i32, ptr @_ZN3Cfg7verboseE, align 4
  %l = load i32, ptr @_ZN3Cfg5levelE, align 4
  %n = call i32 @_Z3getv()
  store i64 %i, ptr @_ZN5Stats4hitsE, align 8
  %s = add i32 %v, %l
  %s2 = add i32 %s, %n
  %s64 = sext i32 %s2 to i64
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp sge i64 %i.next, %s64
  br i1 %done, label %exit, label %loop

exit:
  ret ptr null
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %t = alloca i64, align 8
  store i32 %argc, ptr @_ZN3Cfg7verboseE, align 4
  store i32 %argc, ptr @_ZN3Cfg5levelE, align 4
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
