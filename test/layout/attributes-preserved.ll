; A padded write-hot global keeps every property of the one it replaces
; (x86_64, line 128): linkage (internal, private), unnamed_addr /
; local_unnamed_addr, partition, sanitizer attributes, the global's
; attribute group, and its metadata other than !dbg (here !type and a custom
; kind); code_model, which LLVM 16 does not have, in
; attributes-preserved-code-model.ll. dso_local is implied by local linkage (and not printed);
; local linkage also forces default visibility, so a hidden global is never
; ours to move: @hid (hidden, hence dso_local) and @dl (dso_local), both
; external, are skipped as exported and left exactly as they were. All
; globals are stored in the worker's busy loop.
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll

; CHECK-DAG: @ua = internal unnamed_addr global { i64, [120 x i8] } zeroinitializer, section ".bss.write_hot", align 8{{$}}
; CHECK-DAG: @lua = internal local_unnamed_addr global { i32, [124 x i8] } { i32 7, [124 x i8] zeroinitializer }, section ".data.write_hot", align 4{{$}}
; CHECK-DAG: @priv = private unnamed_addr global { i16, [126 x i8] } zeroinitializer, section ".bss.write_hot", align 2{{$}}
; CHECK-DAG: @part = internal global { i64, [120 x i8] } zeroinitializer, section ".bss.write_hot", partition "part1", align 8{{$}}
; CHECK-DAG: @nosan = internal global { i64, [120 x i8] } zeroinitializer, section ".bss.write_hot", no_sanitize_address, align 8{{$}}
; CHECK-DAG: @attrs = internal global { i64, [120 x i8] } zeroinitializer, section ".bss.write_hot", align 8 #[[ATTRS:[0-9]+]]{{$}}
; CHECK-DAG: @md = internal global { i64, [120 x i8] } zeroinitializer, section ".bss.write_hot", align 8, !type [[TYPE:![0-9]+]], !custom [[CUSTOM:![0-9]+]]{{$}}
; CHECK-DAG: @hid = hidden global i64 0, align 8{{$}}
; CHECK-DAG: @dl = dso_local global i64 0, align 8{{$}}
; CHECK-DAG: attributes #[[ATTRS]] = { "my-attr"="x" }
; CHECK-DAG: [[TYPE]] = !{i64 0, !"_ZTSl"}
; CHECK-DAG: [[CUSTOM]] = !{!"keep me"}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ua = internal unnamed_addr global i64 0, align 8
@lua = internal local_unnamed_addr global i32 7, align 4
@priv = private unnamed_addr global i16 0, align 2
@part = internal global i64 0, partition "part1", align 8
@nosan = internal global i64 0, no_sanitize_address, align 8
@attrs = internal global i64 0, align 8 #0
@md = internal global i64 0, align 8, !type !0, !custom !1
@hid = hidden global i64 0, align 8
@dl = dso_local global i64 0, align 8

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  store i64 %i, ptr @ua, align 8
  %i32 = trunc i64 %i to i32
  store i32 %i32, ptr @lua, align 4
  %i16 = trunc i64 %i to i16
  store i16 %i16, ptr @priv, align 2
  store i64 %i, ptr @part, align 8
  store i64 %i, ptr @nosan, align 8
  store i64 %i, ptr @attrs, align 8
  store i64 %i, ptr @md, align 8
  store i64 %i, ptr @hid, align 8
  store i64 %i, ptr @dl, align 8
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 1000
  br i1 %done, label %exit, label %loop

exit:
  ret ptr null
}

define i32 @main() {
entry:
  %t = alloca i64, align 8
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)

attributes #0 = { "my-attr"="x" }

!0 = !{i64 0, !"_ZTSl"}
!1 = !{!"keep me"}
