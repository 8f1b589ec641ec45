; -cacheline-line-size=N replaces the per-target default line size (any
; power of two from 16 to 4096, bounds included); CACHELINE_LAYOUT_LINE_SIZE
; does the same when the option is absent, and the option wins where both
; are given. The classification itself does not depend on it.
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-line-size=64 -cacheline-layout-report=%t.64.json -disable-output %s
; RUN: FileCheck %s --check-prefixes=CHECK,L64 --input-file=%t.64.json
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -cacheline-line-size=16 -cacheline-layout-report=%t.16.json -disable-output %s
; RUN: FileCheck %s --check-prefixes=CHECK,L16 --input-file=%t.16.json
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -cacheline-line-size=4096 -cacheline-layout-report=%t.4096.json -disable-output %s
; RUN: FileCheck %s --check-prefixes=CHECK,L4096 --input-file=%t.4096.json
; The option beats the target's default (s390x would be 256):
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -mtriple=s390x-unknown-linux-gnu -cacheline-line-size=64 -cacheline-layout-report=%t.s390x.json -disable-output %s
; RUN: FileCheck %s --check-prefixes=CHECK,L64 --input-file=%t.s390x.json
; The environment variable, alone and against the option:
; RUN: env CACHELINE_LAYOUT_LINE_SIZE=256 %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -cacheline-layout-report=%t.env.json -disable-output %s
; RUN: FileCheck %s --check-prefixes=CHECK,L256 --input-file=%t.env.json
; RUN: env CACHELINE_LAYOUT_LINE_SIZE=256 %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -cacheline-line-size=64 -cacheline-layout-report=%t.both.json -disable-output %s
; RUN: FileCheck %s --check-prefixes=CHECK,L64 --input-file=%t.both.json
; RUN: env CACHELINE_LAYOUT_LINE_SIZE=48 %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -cacheline-line-size=64 -cacheline-layout-report=%t.both2.json -disable-output %s
; RUN: FileCheck %s --check-prefixes=CHECK,L64 --input-file=%t.both2.json
; RUN: env CACHELINE_LAYOUT_LINE_SIZE=256 %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='print<cacheline-layout>' -disable-output %s > %t.env.txt
; RUN: FileCheck %s --check-prefix=PRINT256 --input-file=%t.env.txt

; L16:   "line_size": 16,
; L64:   "line_size": 64,
; L256:  "line_size": 256,
; L4096: "line_size": 4096,
; CHECK-DAG: "class":"write-hot","name":"counter",
; CHECK-DAG: "class":"read-mostly","name":"limit",
; PRINT256: {{^}}line size: 256{{$}}

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
