; A line size that is not a power of two from 16 to 4096 is an error: one
; line naming the option and the bad value, and a non-zero exit. Checked:
; 0, 48 (not a power of two), 8192 (too large), 8 (a power of two, too
; small), abc (not a number), and the same rule for the
; CACHELINE_LAYOUT_LINE_SIZE environment variable. (@counter would be
; write-hot: the error, not the program, decides the outcome.)
;
; RUN: not %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-line-size=0 -S %s -o %t.0.ll 2>%t.0.err
; RUN: FileCheck %s --check-prefix=ZERO --input-file=%t.0.err
; RUN: count 1 < %t.0.err
; RUN: not %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-line-size=48 -S %s -o %t.48.ll 2>%t.48.err
; RUN: FileCheck %s --check-prefix=FORTYEIGHT --input-file=%t.48.err
; RUN: count 1 < %t.48.err
; RUN: not %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-line-size=8192 -S %s -o %t.8192.ll 2>%t.8192.err
; RUN: FileCheck %s --check-prefix=BIG --input-file=%t.8192.err
; RUN: count 1 < %t.8192.err
; RUN: not %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-line-size=8 -S %s -o %t.8.ll 2>%t.8.err
; RUN: FileCheck %s --check-prefix=SMALL --input-file=%t.8.err
; RUN: count 1 < %t.8.err
; RUN: not %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-line-size=abc -S %s -o %t.abc.ll 2>%t.abc.err
; RUN: FileCheck %s --check-prefix=ABC --input-file=%t.abc.err
; RUN: count 1 < %t.abc.err
; RUN: env CACHELINE_LAYOUT_LINE_SIZE=100 not %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -S %s -o %t.env.ll 2>%t.env.err
; RUN: FileCheck %s --check-prefix=ENV --input-file=%t.env.err
; RUN: count 1 < %t.env.err

; ZERO: for the --cacheline-line-size option: invalid line size '0': expected a power of two from 16 to 4096
; FORTYEIGHT: for the --cacheline-line-size option: invalid line size '48': expected a power of two from 16 to 4096
; BIG: for the --cacheline-line-size option: invalid line size '8192': expected a power of two from 16 to 4096
; SMALL: for the --cacheline-line-size option: invalid line size '8': expected a power of two from 16 to 4096
; ABC: for the --cacheline-line-size option: invalid line size 'abc': expected a power of two from 16 to 4096
; ENV: error: cacheline-layout: CACHELINE_LAYOUT_LINE_SIZE: invalid line size '100': expected a power of two from 16 to 4096

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@counter = internal global i64 0, align 8

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %old = atomicrmw add ptr @counter, i64 1 monotonic, align 8
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
