; REQUIRES: aarch64-registered-target
; Codegen keeps the layout (aarch64, llc -O3): AArch64 runs GlobalMerge at
; -O3, which packs internal globals of the same section that one function
; uses into one _MergedGlobals object, free to reorder them. The pass lists
; every global it moved (and the pads) in llvm.compiler.used, which
; GlobalMerge leaves alone: each symbol is emitted on its own, in its
; section, with its own alignment, after the section's line-aligned opener
; (.p2align 7: 128), the pads right after their group.
; Control: the same output without llvm.compiler.used gets merged: the
; .bss group is reordered (nthreads first, flag at +4) and its pad is
; emitted ahead of the merged object, so it no longer closes the group.
;
;   static int flag; static short nthreads;   // set in main before pthread_create, read in the worker loop: read-mostly, zero
;   static char verbose = 1, level = 3;       // never written, read in the worker loop: read-mostly, initialised
;   static _Atomic long counter;              // atomic add in the worker loop: write-hot, zero
;   static int hits = 1;                      // stored in the worker's busy loop: write-hot, initialised
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -S %s -o %t.ll
; RUN: %llc -O3 -mtriple=aarch64-unknown-linux-gnu %t.ll -o %t.s
; RUN: FileCheck %s --input-file=%t.s --implicit-check-not=_MergedGlobals
; RUN: sed -e '/^@llvm.compiler.used/d' %t.ll > %t.nokeep.ll
; RUN: %llc -O3 -mtriple=aarch64-unknown-linux-gnu %t.nokeep.ll -o %t.nokeep.s
; RUN: FileCheck %s --check-prefix=MERGED --input-file=%t.nokeep.s

; Each section opens on a line boundary, before anything else in it.
; CHECK:      .section .bss.write_hot,"aw",@nobits
; CHECK-NEXT: .p2align 7, 0x0
; CHECK-NEXT: .Lcacheline.open.bss.write_hot:
; CHECK:      .section .data.write_hot,"aw",@progbits
; CHECK-NEXT: .p2align 7, 0x0
; CHECK-NEXT: .Lcacheline.open.data.write_hot:
; CHECK:      .section .data.read_mostly,"aw",@progbits
; CHECK-NEXT: .p2align 7, 0x0
; CHECK-NEXT: .Lcacheline.open.data.read_mostly:
; CHECK:      .section .bss.read_mostly,"aw",@nobits
; CHECK-NEXT: .p2align 7, 0x0
; CHECK-NEXT: .Lcacheline.open.bss.read_mostly:
; CHECK:      .type counter,@object
; CHECK-NEXT: .section .bss.write_hot,"aw",@nobits
; CHECK-NEXT: .p2align 3, 0x0
; CHECK-NEXT: counter:
; CHECK-NEXT: .zero 128
; CHECK-NEXT: .size counter, 128
; CHECK:      .type hits,@object
; CHECK-NEXT: .section .data.write_hot,"aw",@progbits
; CHECK-NEXT: .p2align 2, 0x0
; CHECK-NEXT: hits:
; CHECK-NEXT: .word 1
; CHECK-NEXT: .zero 124
; CHECK-NEXT: .size hits, 128
; CHECK:      .type verbose,@object
; CHECK-NEXT: .section .data.read_mostly,"aw",@progbits
; CHECK-NEXT: verbose:
; CHECK-NEXT: .byte 1
; CHECK-NEXT: .size verbose, 1
; CHECK-NOT:  .section
; CHECK:      .type level,@object
; CHECK-NEXT: .p2align 2, 0x0
; CHECK-NEXT: level:
; CHECK-NOT:  .section
; CHECK:      .Lcacheline.read_mostly.data.pad:
; CHECK-NEXT: .zero 123
; CHECK:      .type flag,@object
; CHECK-NEXT: .section .bss.read_mostly,"aw",@nobits
; CHECK-NEXT: .p2align 2, 0x0
; CHECK-NEXT: flag:
; CHECK-NEXT: .word 0
; CHECK-NEXT: .size flag, 4
; CHECK-NOT:  .section
; CHECK:      .type nthreads,@object
; CHECK-NEXT: .p2align 2, 0x0
; CHECK-NEXT: nthreads:
; CHECK-NOT:  .section
; CHECK:      .Lcacheline.read_mostly.bss.pad:
; CHECK-NEXT: .zero 122

; (LLVM 16 and 19 emit the two merged objects in opposite orders, and 16
; repeats no .section directive: hence the name of the .bss one captured
; and the pad found by its label.
; LLVM 22 writes ".set a, b" as "a = b".)
; MERGED:      .Lcacheline.read_mostly.bss.pad:
; MERGED:      .L_MergedGlobals{{.*}}:
; MERGED-DAG:  {{(\.set )?}}nthreads{{,| =}} [[BSS:\.L_MergedGlobals(\.[0-9]+)?]]{{$}}
; MERGED-DAG:  {{(\.set )?}}flag{{,| =}} [[BSS]]+4{{$}}

target datalayout = "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32"
target triple = "aarch64-unknown-linux-gnu"

@flag = internal global i32 0, align 4
@verbose = internal global i8 1, align 1
@counter = internal global i64 0, align 8
@nthreads = internal global i16 0
@hits = internal global i32 1, align 4
@level = internal global i8 3

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %f = load i32, ptr @flag, align 4
  %n = load i16, ptr @nthreads, align 2
  %v = load i8, ptr @verbose, align 1
  %l = load i8, ptr @level, align 1
  %old = atomicrmw add ptr @counter, i64 1 monotonic, align 8
  store i32 %i, ptr @hits, align 4
  %i.next = add nuw nsw i32 %i, 1
  %n32 = sext i16 %n to i32
  %v32 = sext i8 %v to i32
  %l32 = sext i8 %l to i32
  %s1 = add i32 %f, %n32
  %s2 = add i32 %s1, %v32
  %lim = add i32 %s2, %l32
  %more = icmp slt i32 %i.next, %lim
  br i1 %more, label %loop, label %exit

exit:
  ret ptr null
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %t = alloca i64, align 8
  store i32 %argc, ptr @flag, align 4
  store i16 4, ptr @nthreads, align 2
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
