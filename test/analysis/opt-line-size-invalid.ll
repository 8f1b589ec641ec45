; An invalid line size, from -cacheline-line-size (refused where opt reads
; its options) or CACHELINE_LAYOUT_LINE_SIZE (an error of the compilation),
; gives one clear line
; naming where the value came from and the value, and a non-zero exit; no
; report is written. Valid sizes are powers of two from 16 to 4096:
; 0, 8 (too small), 48 (not a power of two), 8192 (too large), abc and the
; empty string are rejected.
; RUN: rm -f %t.json
; RUN: not %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -cacheline-line-size=0 -cacheline-layout-report=%t.json -disable-output %s 2>%t.0
; RUN: FileCheck %s --check-prefix=ZERO --input-file=%t.0
; RUN: count 1 < %t.0
; RUN: not test -e %t.json
; RUN: not %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -cacheline-line-size=8 -disable-output %s 2>%t.8
; RUN: FileCheck %s --check-prefix=EIGHT --input-file=%t.8
; RUN: not %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -cacheline-line-size=48 -disable-output %s 2>%t.48
; RUN: FileCheck %s --check-prefix=FORTYEIGHT --input-file=%t.48
; RUN: count 1 < %t.48
; RUN: not %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -cacheline-line-size=8192 -disable-output %s 2>%t.8192
; RUN: FileCheck %s --check-prefix=BIG --input-file=%t.8192
; RUN: count 1 < %t.8192
; RUN: not %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -cacheline-line-size=abc -disable-output %s 2>%t.abc
; RUN: FileCheck %s --check-prefix=ABC --input-file=%t.abc
; RUN: count 1 < %t.abc
; RUN: not %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -cacheline-line-size= -disable-output %s 2>%t.empty
; RUN: FileCheck %s --check-prefix=EMPTY --input-file=%t.empty
; RUN: not env CACHELINE_LAYOUT_LINE_SIZE=48 %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -disable-output %s 2>%t.env
; RUN: FileCheck %s --check-prefix=ENV --input-file=%t.env
; RUN: count 1 < %t.env
; The analysis printer reports it the same way:
; RUN: not %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='print<cacheline-layout>' -cacheline-line-size=0 -disable-output %s 2>%t.print
; RUN: FileCheck %s --check-prefix=ZERO --input-file=%t.print

; ZERO: for the --cacheline-line-size option: invalid line size '0': expected a power of two from 16 to 4096
; EIGHT: for the --cacheline-line-size option: invalid line size '8': expected a power of two from 16 to 4096
; FORTYEIGHT: for the --cacheline-line-size option: invalid line size '48': expected a power of two from 16 to 4096
; BIG: for the --cacheline-line-size option: invalid line size '8192': expected a power of two from 16 to 4096
; ABC: for the --cacheline-line-size option: invalid line size 'abc': expected a power of two from 16 to 4096
; EMPTY: for the --cacheline-line-size option: invalid line size '': expected a power of two from 16 to 4096
; ENV: error: cacheline-layout: CACHELINE_LAYOUT_LINE_SIZE: invalid line size '48': expected a power of two from 16 to 4096

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@counter = internal global i64 0, align 8
@limit = internal global i64 100, align 8

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %c = atomicrmw add ptr @counter, i64 1 monotonic, align 8
  %lim = load i64, ptr @limit, align 8
  %i.next = add i64 %i, 1
  %done = icmp uge i64 %i.next, %lim
  br i1 %done, label %exit, label %loop

exit:
  ret ptr null
}

define i32 @main() {
  %t = alloca i64, align 8
  store i64 1000, ptr @limit, align 8
  %r = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %h = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %h, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
