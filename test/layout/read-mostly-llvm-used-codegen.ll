; REQUIRES: x86-registered-target
; Regression (was a bug): Layout.cpp applyLayout() puts a read-mostly global that is in
; llvm.used (__attribute__((used))) into the .data.read_mostly group and
; counts it in the group's offsets. ELF codegen gives every llvm.used global
; with an explicit section a section of its own (SHF_GNU_RETAIN: ".section
; .data.read_mostly,"awR",@progbits,unique,1", TargetLoweringObjectFileELF
; calcUniqueIDUpdateFlagsAndSize), so @b leaves the group: the group's input
; section holds a (0..4), c (8..16) and a 112-byte pad computed as if b sat
; at offset 4, and b (align 1) lands after the group, on a line shared with
; whatever the linker puts next. Expected: every member of the group,
; including b, in the one .data.read_mostly section, with the pad last.
; (A write-hot global in llvm.used is unaffected: it is line-aligned and
; whole lines on its own.)
;
;   static int a = 1; __attribute__((used)) static char b = 2; static long c = 3;
;   // never written, read in the worker loop: read-mostly (x86_64, line 128)
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -S %s -o %t.ll
; RUN: FileCheck %s --check-prefix=IR --input-file=%t.ll
; RUN: %llc -O2 %t.ll -o %t.s
; RUN: FileCheck %s --input-file=%t.s

; IR:      @b = internal global { i8, [127 x i8] } { i8 2, [127 x i8] zeroinitializer }, section ".data.read_mostly", align 128
; IR:      @a = internal global i32 1, section ".data.read_mostly", align 4
; IR-NEXT: @c = internal global i64 3, section ".data.read_mostly", align 8
; IR-NEXT: @cacheline.read_mostly.data.pad = private global [112 x i8] zeroinitializer, section ".data.read_mostly", align 1

; The group's section opens on a line boundary (an empty opener) and its
; members keep their own alignment; b, in llvm.used, gets a retained section
; of its own, so it is line-aligned itself: whole lines of its own.
; CHECK:      .section .data.read_mostly,"aw",@progbits
; CHECK-NEXT: .p2align 7, 0x0
; CHECK-NEXT: .Lcacheline.open.data.read_mostly:
; CHECK:      .section .data.read_mostly,"awR",@progbits,unique,1
; CHECK-NEXT: .p2align 7, 0x0
; CHECK-NEXT: b:
; CHECK:      .section .data.read_mostly,"aw",@progbits
; CHECK-NEXT: .p2align 2, 0x0
; CHECK-NEXT: a:
; CHECK-NOT:  .section
; CHECK:      c:
; CHECK-NOT:  .section
; CHECK:      .Lcacheline.read_mostly.data.pad:

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@a = internal global i32 1, align 4
@b = internal global i8 2, align 1
@c = internal global i64 3, align 8
@llvm.used = appending global [1 x ptr] [ptr @b], section "llvm.metadata"

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %x = load i32, ptr @a, align 4
  %y8 = load i8, ptr @b, align 1
  %y = sext i8 %y8 to i32
  %z64 = load i64, ptr @c, align 8
  %z = trunc i64 %z64 to i32
  %s = add i32 %x, %y
  %s2 = add i32 %s, %z
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %s2
  br i1 %done, label %exit, label %loop

exit:
  ret ptr null
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %t = alloca i64, align 8
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
