; The field split checks the IR it rewrites, not only the facts: the layout
; file (merged from Inputs/split-recheck-scalar.ll, where hits and misses
; are written in different blocks) puts them in two groups, but this
; module, the same translation unit after a vectorizer (as in a ThinLTO
; backend), writes both with one 16-byte store. The rewrite would split
; that store across two globals, so it leaves @s whole (padded as one
; write-hot global).
;
; RUN: rm -rf %t && %opt -load-pass-plugin=%plugin -passes=cacheline-facts -cacheline-facts-dir=%t/facts %S/Inputs/split-recheck-scalar.ll -disable-output
; RUN: %tools/cacheline-facts merge %t/facts -o %t/layout.json 2>/dev/null
; RUN: FileCheck %s --check-prefix=FILE --input-file=%t/layout.json
; FILE: "name":"s",{{.*}}"parts":[{"class":"write-hot","fields":[0],"name":"s.write_hot"},{"class":"write-hot","fields":[1],"name":"s.write_hot.1"},{"class":"read-mostly","fields":[2],"name":"s.read_mostly"}]
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-apply-layout,verify' -cacheline-layout-file=%t/layout.json -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll
; CHECK: @s = internal global { %struct.S, [104 x i8] } zeroinitializer, section ".bss.write_hot", align 16
; CHECK: store <2 x i64> %v2, ptr @s, align 16
; The facts' own module is split.
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-apply-layout,verify' -cacheline-layout-file=%t/layout.json -S %S/Inputs/split-recheck-scalar.ll -o %t.scalar.ll
; RUN: FileCheck %s --check-prefix=SCALAR --input-file=%t.scalar.ll
; SCALAR-DAG: @s.write_hot = internal global { <{ i64 }>, [120 x i8] } zeroinitializer, section ".bss.write_hot", align 16
; SCALAR-DAG: @s.write_hot.1 = internal global { <{ i64 }>, [120 x i8] } zeroinitializer, section ".bss.write_hot", align 16
; SCALAR-DAG: @s.read_mostly = internal global <{ i32 }> zeroinitializer, section ".bss.read_mostly", align 16

source_filename = "split-recheck.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i64, i64, i32 }

@s = internal global %struct.S zeroinitializer, align 16

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %v = load <2 x i64>, ptr @s, align 16
  %odd = and i64 %i, 1
  %even = icmp eq i64 %odd, 0
  %by = select i1 %even, i64 2, i64 0
  %inc = insertelement <2 x i64> <i64 1, i64 0>, i64 %by, i64 1
  %v2 = add <2 x i64> %v, %inc
  store <2 x i64> %v2, ptr @s, align 16
  %lvl = load i32, ptr getelementptr inbounds (i8, ptr @s, i64 16), align 16
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, 1000000
  br i1 %done, label %exit, label %loop

exit:
  ret ptr null
}

define i32 @main() {
entry:
  %tid = alloca i64, align 8
  store i32 7, ptr getelementptr inbounds (i8, ptr @s, i64 16), align 16
  %r = call i32 @pthread_create(ptr %tid, ptr null, ptr @worker, ptr null)
  %id = load i64, ptr %tid, align 8
  %j = call i32 @pthread_join(i64 %id, ptr null)
  ret i32 0
}
