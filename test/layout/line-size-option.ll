; -cacheline-line-size=N overrides the target's line size (x86_64, default
; 128): the sections' openers, write-hot padding and group pads all follow N;
; the globals keep their own alignment. The
; program is that of triple-x86_64.ll: write-hot @counter (i64) and @hits
; (i32); read-mostly .data group verbose+level (2 bytes), .bss group
; flag+nthreads (6 bytes). The bounds 16 and 4096 are accepted. The
; CACHELINE_LAYOUT_LINE_SIZE environment variable (for lld, which parses
; -mllvm before loading plugins) does the same, and the option wins over it.
; The JSON report records the size in use.
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-line-size=64 -cacheline-layout-report=%t.64.json -S %s -o %t.64.ll
; RUN: FileCheck %s --check-prefix=L64 --input-file=%t.64.ll
; RUN: FileCheck %s --check-prefix=J64 --input-file=%t.64.json
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-line-size=256 -S %s -o %t.256.ll
; RUN: FileCheck %s --check-prefix=L256 --input-file=%t.256.ll
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-line-size=16 -S %s -o %t.16.ll
; RUN: FileCheck %s --check-prefix=L16 --input-file=%t.16.ll
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-line-size=4096 -S %s -o %t.4096.ll
; RUN: FileCheck %s --check-prefix=L4096 --input-file=%t.4096.ll
; RUN: env CACHELINE_LAYOUT_LINE_SIZE=256 %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -S %s -o %t.env.ll
; RUN: FileCheck %s --check-prefix=L256 --input-file=%t.env.ll
; RUN: env CACHELINE_LAYOUT_LINE_SIZE=256 %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-line-size=64 -S %s -o %t.both.ll
; RUN: FileCheck %s --check-prefix=L64 --input-file=%t.both.ll

; L64:      @cacheline.open.bss.write_hot = private global [0 x i8] zeroinitializer, section ".bss.write_hot", align 64
; L64:      @counter = internal global { i64, [56 x i8] } zeroinitializer, section ".bss.write_hot", align 8
; L64-NEXT: @hits = internal global { i32, [60 x i8] } { i32 1, [60 x i8] zeroinitializer }, section ".data.write_hot", align 4
; L64-NEXT: @verbose = internal global i8 1, section ".data.read_mostly", align 1
; L64-NEXT: @level = internal global i8 3, section ".data.read_mostly", align 1
; L64-NEXT: @cacheline.read_mostly.data.pad = private global [62 x i8] zeroinitializer, section ".data.read_mostly", align 1
; L64-NEXT: @flag = internal global i32 0, section ".bss.read_mostly", align 4
; L64-NEXT: @nthreads = internal global i16 0, section ".bss.read_mostly", align 2
; L64-NEXT: @cacheline.read_mostly.bss.pad = private global [58 x i8] zeroinitializer, section ".bss.read_mostly", align 1

; J64: "line_size": 64,
; J64: "class":"write-hot","name":"counter",{{.*}}"new_align":64,"new_section":".bss.write_hot","padded_size":64}
; J64: "padding_bytes":236

; L256:      @cacheline.open.bss.write_hot = private global [0 x i8] zeroinitializer, section ".bss.write_hot", align 256
; L256:      @counter = internal global { i64, [248 x i8] } zeroinitializer, section ".bss.write_hot", align 8
; L256-NEXT: @hits = internal global { i32, [252 x i8] } { i32 1, [252 x i8] zeroinitializer }, section ".data.write_hot", align 4
; L256-NEXT: @verbose = internal global i8 1, section ".data.read_mostly", align 1
; L256-NEXT: @level = internal global i8 3, section ".data.read_mostly", align 1
; L256-NEXT: @cacheline.read_mostly.data.pad = private global [254 x i8] zeroinitializer, section ".data.read_mostly", align 1
; L256-NEXT: @flag = internal global i32 0, section ".bss.read_mostly", align 4
; L256-NEXT: @nthreads = internal global i16 0, section ".bss.read_mostly", align 2
; L256-NEXT: @cacheline.read_mostly.bss.pad = private global [250 x i8] zeroinitializer, section ".bss.read_mostly", align 1

; L16:      @cacheline.open.bss.write_hot = private global [0 x i8] zeroinitializer, section ".bss.write_hot", align 16
; L16:      @counter = internal global { i64, [8 x i8] } zeroinitializer, section ".bss.write_hot", align 8
; L16-NEXT: @hits = internal global { i32, [12 x i8] } { i32 1, [12 x i8] zeroinitializer }, section ".data.write_hot", align 4
; L16-NEXT: @verbose = internal global i8 1, section ".data.read_mostly", align 1
; L16-NEXT: @level = internal global i8 3, section ".data.read_mostly", align 1
; L16-NEXT: @cacheline.read_mostly.data.pad = private global [14 x i8] zeroinitializer, section ".data.read_mostly", align 1
; L16-NEXT: @flag = internal global i32 0, section ".bss.read_mostly", align 4
; L16-NEXT: @nthreads = internal global i16 0, section ".bss.read_mostly", align 2
; L16-NEXT: @cacheline.read_mostly.bss.pad = private global [10 x i8] zeroinitializer, section ".bss.read_mostly", align 1

; L4096:      @cacheline.open.bss.write_hot = private global [0 x i8] zeroinitializer, section ".bss.write_hot", align 4096
; L4096:      @counter = internal global { i64, [4088 x i8] } zeroinitializer, section ".bss.write_hot", align 8
; L4096:      @cacheline.read_mostly.bss.pad = private global [4090 x i8] zeroinitializer, section ".bss.read_mostly", align 1

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

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
