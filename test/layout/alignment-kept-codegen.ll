; REQUIRES: x86-registered-target
; The placement puts a global on lines of its own without raising its
; alignment (x86_64, line 128): each section opens with an empty
; line-aligned opener, and every origin in it fills whole lines, so each
; starts on a line boundary. Instruction selection infers a load's
; alignment from its global's (SelectionDAG::InferPtrAlign): were @stats
; aligned to 128, the 16-byte loads in @report would fold into paddq's
; memory operand, and code the layout does not mean to change would differ.
; @report compiles to the same instructions with the layout as without it
; (mode=report).
;
;   struct stats { long a, b, c, d; } stats;  // each stored in the worker loop
;   v2i64 report(void) { return (v2i64){a, b} + (v2i64){c, d}; }
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,cacheline-place,verify' -S %s -o %t.layout.ll
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,cacheline-place,verify' -cacheline-layout-mode=report -S %s -o %t.report.ll
; RUN: FileCheck %s --check-prefix=IR --input-file=%t.layout.ll
; RUN: %llc -O2 %t.layout.ll -o %t.layout.s
; RUN: %llc -O2 %t.report.ll -o %t.report.s
; RUN: sed -n '/^report:/,/^.Lfunc_end/p' %t.layout.s > %t.layout.report.s
; RUN: sed -n '/^report:/,/^.Lfunc_end/p' %t.report.s > %t.report.report.s
; RUN: FileCheck %s --check-prefix=ASM --input-file=%t.layout.report.s
; RUN: diff %t.report.report.s %t.layout.report.s
; RUN: FileCheck %s --check-prefix=OPEN --input-file=%t.layout.s

; IR: @cacheline.open.bss.write_hot = private global [0 x i8] zeroinitializer, section ".bss.write_hot", align 128
; IR: @stats = internal global { %struct.stats, [96 x i8] } zeroinitializer, section ".bss.write_hot", align 8

; ASM:      movdqu stats(%rip), %xmm1
; ASM-NEXT: movdqu stats+16(%rip), %xmm0
; ASM-NEXT: paddq %xmm1, %xmm0

; OPEN:      .section .bss.write_hot,"aw",@nobits
; OPEN-NEXT: .p2align 7, 0x0
; OPEN-NEXT: .Lcacheline.open.bss.write_hot:
; OPEN-NOT:  .section
; OPEN:      .type stats,@object
; OPEN-NEXT: .p2align 3, 0x0
; OPEN-NEXT: stats:
; OPEN-NEXT: .zero 128

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.stats = type { i64, i64, i64, i64 }

@stats = internal global %struct.stats zeroinitializer, align 8

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  store volatile i64 %i, ptr @stats, align 8
  store volatile i64 %i, ptr getelementptr inbounds (i8, ptr @stats, i64 8), align 8
  store volatile i64 %i, ptr getelementptr inbounds (i8, ptr @stats, i64 16), align 8
  store volatile i64 %i, ptr getelementptr inbounds (i8, ptr @stats, i64 24), align 8
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 1000
  br i1 %done, label %exit, label %loop

exit:
  ret ptr null
}

define <2 x i64> @report() {
entry:
  %ab = load <2 x i64>, ptr @stats, align 8
  %cd = load <2 x i64>, ptr getelementptr inbounds (i8, ptr @stats, i64 16), align 8
  %s = add <2 x i64> %ab, %cd
  ret <2 x i64> %s
}

define i32 @main() {
entry:
  %t = alloca i64, align 8
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  %r = call <2 x i64> @report()
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
