; Layout on s390x-unknown-linux-gnu: line size 256 (LineSize.cpp: 256 for SystemZ).
; The same program is in every triple-*.ll fixture, with that target's
; datalayout (from clang-19 --target=<triple> -S -emit-llvm).
;
;   static int flag; static short nthreads;   // set in main before pthread_create, read in the worker loop: read-mostly, zero
;   static char verbose = 1, level = 3;       // never written, read in the worker loop: read-mostly, initialised
;   static _Atomic long counter;              // atomic add in the worker loop: write-hot, zero
;   static int hits = 1;                      // stored in the worker's busy loop: write-hot, initialised
;
; Write-hot globals stay in place, grow to whole lines ({T, [pad x i8]}) and
; are aligned to 256 in .bss.write_hot / .data.write_hot. Read-mostly globals
; move to the end of the global list, in module order, .data group first.
; @level and @nthreads carry no explicit alignment, so the pass makes the
; datalayout's preferred alignment explicit:
;   i8:8:16 gives i8 a preferred alignment of 2; i16 has 2; big-endian.
;   .data.read_mostly: verbose @0 (align 256), level @2 (align 2), 3 bytes -> pad 253
;   .bss.read_mostly:  flag @0 (align 256), nthreads @4 (align 2), 6 bytes -> pad 250
; All moved globals and both pads are appended to llvm.compiler.used.
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll

; CHECK:      @counter = internal global { i64, [248 x i8] } zeroinitializer, section ".bss.write_hot", align 8
; CHECK-NEXT: @hits = internal global { i32, [252 x i8] } { i32 1, [252 x i8] zeroinitializer }, section ".data.write_hot", align 4
; CHECK-NEXT: @verbose = internal global i8 1, section ".data.read_mostly", align 1
; CHECK-NEXT: @level = internal global i8 3, section ".data.read_mostly", align 2
; CHECK-NEXT: @cacheline.read_mostly.data.pad = private global [253 x i8] zeroinitializer, section ".data.read_mostly", align 1
; CHECK-NEXT: @flag = internal global i32 0, section ".bss.read_mostly", align 4
; CHECK-NEXT: @nthreads = internal global i16 0, section ".bss.read_mostly", align 2
; CHECK-NEXT: @cacheline.read_mostly.bss.pad = private global [250 x i8] zeroinitializer, section ".bss.read_mostly", align 1
; CHECK-NEXT: @llvm.compiler.used = appending global [12 x ptr] [ptr @cacheline.open.bss.write_hot, ptr @cacheline.open.data.write_hot, ptr @cacheline.open.data.read_mostly, ptr @cacheline.open.bss.read_mostly, ptr @counter, ptr @hits, ptr @verbose, ptr @level, ptr @cacheline.read_mostly.data.pad, ptr @flag, ptr @nthreads, ptr @cacheline.read_mostly.bss.pad], section "llvm.metadata"
; CHECK-NOT:  @cacheline

target datalayout = "E-m:e-i1:8:16-i8:8:16-i64:64-f128:64-v128:64-a:8:16-n32:64"
target triple = "s390x-unknown-linux-gnu"

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
