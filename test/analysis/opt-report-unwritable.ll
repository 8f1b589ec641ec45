; -cacheline-layout-report (and CACHELINE_LAYOUT_REPORT) naming a file that
; cannot be created is an error of the compilation: one clear line naming
; where the path came from, the path and the system's reason, and a non-zero
; exit. Cases: a missing directory; a path that is a directory; the same
; through the environment variable.
; RUN: rm -rf %t.nodir %t.isdir && mkdir %t.isdir
; RUN: not %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -cacheline-layout-report=%t.nodir/x/r.json -disable-output %s 2>%t.err
; RUN: FileCheck %s --check-prefix=NODIR --input-file=%t.err
; RUN: count 1 < %t.err
; RUN: not %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -cacheline-layout-report=%t.isdir -disable-output %s 2>%t.err2
; RUN: FileCheck %s --check-prefix=ISDIR --input-file=%t.err2
; RUN: count 1 < %t.err2
; RUN: not env CACHELINE_LAYOUT_REPORT=%t.nodir/y/r.json %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -disable-output %s 2>%t.err3
; RUN: FileCheck %s --check-prefix=ENV --input-file=%t.err3
; RUN: count 1 < %t.err3
; Nothing was created on the way:
; RUN: not test -e %t.nodir

; NODIR: error: cacheline-layout: -cacheline-layout-report: cannot write report '{{.*}}.nodir/x/r.json': No such file or directory
; ISDIR: error: cacheline-layout: -cacheline-layout-report: cannot write report '{{.*}}.isdir': Is a directory
; ENV: error: cacheline-layout: CACHELINE_LAYOUT_REPORT: cannot write report '{{.*}}.nodir/y/r.json': No such file or directory

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
