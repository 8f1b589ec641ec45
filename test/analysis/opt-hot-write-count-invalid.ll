; An invalid -cacheline-hot-write-count is refused where opt reads its
; options, CACHELINE_LAYOUT_HOT_WRITE_COUNT (the link's way in) is an error
; of the compilation: either way one clear line naming where the value came
; from and the value, and a non-zero exit; no report is written. The value
; must be a non-negative decimal integer that fits in 64 bits. The check
; happens whether or not the module has profile data (this one has none).
; RUN: rm -f %t.json
; RUN: not %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -cacheline-hot-write-count=abc -cacheline-layout-report=%t.json -disable-output %s 2>%t.abc
; RUN: FileCheck %s --check-prefix=ABC --input-file=%t.abc
; RUN: count 1 < %t.abc
; RUN: not test -e %t.json
; RUN: not %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -cacheline-hot-write-count=-5 -disable-output %s 2>%t.neg
; RUN: FileCheck %s --check-prefix=NEG --input-file=%t.neg
; RUN: not %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -cacheline-hot-write-count=1.5 -disable-output %s 2>%t.frac
; RUN: FileCheck %s --check-prefix=FRAC --input-file=%t.frac
; RUN: not %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -cacheline-hot-write-count= -disable-output %s 2>%t.empty
; RUN: FileCheck %s --check-prefix=EMPTY --input-file=%t.empty
; RUN: not %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -cacheline-hot-write-count=99999999999999999999999 -disable-output %s 2>%t.big
; RUN: FileCheck %s --check-prefix=BIG --input-file=%t.big
; RUN: not env CACHELINE_LAYOUT_HOT_WRITE_COUNT=abc %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -disable-output %s 2>%t.env
; RUN: FileCheck %s --check-prefix=ENV --input-file=%t.env
; The analysis printer reports it the same way:
; RUN: not %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='print<cacheline-layout>' -cacheline-hot-write-count=abc -disable-output %s 2>%t.print
; RUN: FileCheck %s --check-prefix=ABC --input-file=%t.print

; ABC: for the --cacheline-hot-write-count option: invalid count 'abc': expected a non-negative integer
; NEG: for the --cacheline-hot-write-count option: invalid count '-5': expected a non-negative integer
; FRAC: for the --cacheline-hot-write-count option: invalid count '1.5': expected a non-negative integer
; EMPTY: for the --cacheline-hot-write-count option: invalid count '': expected a non-negative integer
; BIG: for the --cacheline-hot-write-count option: invalid count '99999999999999999999999': expected a non-negative integer
; ENV: error: cacheline-layout: CACHELINE_LAYOUT_HOT_WRITE_COUNT: invalid count 'abc': expected a non-negative integer

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
