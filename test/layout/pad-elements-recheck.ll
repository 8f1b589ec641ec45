; The element layout checks the IR it rewrites, not only the facts: the
; layout file (merged from Inputs/pad-recheck-scalar.ll, where main reads
; @hits one counter at a time) pads @hits, but this module, the same
; translation unit after a vectorizer (as in a ThinLTO backend), reads both
; counters with one 16-byte load. The rewrite would split that load across
; two slots, so it leaves @hits whole (padded as one write-hot global).
;
; RUN: rm -rf %t && %opt -load-pass-plugin=%plugin -passes=cacheline-facts -cacheline-facts-dir=%t/facts %S/Inputs/pad-recheck-scalar.ll -disable-output
; RUN: %tools/cacheline-facts merge %t/facts -o %t/layout.json 2>/dev/null
; RUN: FileCheck %s --check-prefix=FILE --input-file=%t/layout.json
; FILE: "name":"hits",{{.*}}"slot_size":128
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-apply-layout,verify' -cacheline-layout-file=%t/layout.json -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll
; CHECK: @hits = internal global { [2 x i64], [112 x i8] } zeroinitializer, section ".bss.write_hot", align 16
; CHECK: load <2 x i64>, ptr @hits, align 16
; The facts' own module is padded element by element.
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-apply-layout,verify' -cacheline-layout-file=%t/layout.json -S %S/Inputs/pad-recheck-scalar.ll -o %t.scalar.ll
; RUN: FileCheck %s --check-prefix=SCALAR --input-file=%t.scalar.ll
; SCALAR: @hits = internal global [2 x { i64, [120 x i8] }] zeroinitializer, section ".bss.write_hot", align 128

source_filename = "recheck.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@hits = internal global [2 x i64] zeroinitializer, align 16

define internal ptr @worker(ptr %arg) {
entry:
  %id = ptrtoint ptr %arg to i64
  %slot = getelementptr inbounds [2 x i64], ptr @hits, i64 0, i64 %id
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %old = load i64, ptr %slot, align 8
  %new = add i64 %old, 1
  store i64 %new, ptr %slot, align 8
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, 1000000
  br i1 %done, label %exit, label %loop
exit:
  ret ptr null
}

define i64 @main() {
entry:
  %t0 = alloca i64, align 8
  %t1 = alloca i64, align 8
  %c0 = call i32 @pthread_create(ptr %t0, ptr null, ptr @worker, ptr null)
  %c1 = call i32 @pthread_create(ptr %t1, ptr null, ptr @worker, ptr inttoptr (i64 1 to ptr))
  %v = load <2 x i64>, ptr @hits, align 16
  %a = extractelement <2 x i64> %v, i64 0
  %b = extractelement <2 x i64> %v, i64 1
  %sum = add i64 %a, %b
  ret i64 %sum
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
