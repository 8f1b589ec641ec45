; The report header names the module's target triple ("target") and the
; destructive-interference size used ("line_size"), by default chosen from
; the triple: 128 on x86_64 (adjacent-line prefetch pairs 64-byte lines),
; aarch64 and powerpc64(le); 256 on s390x; 64 elsewhere, e.g. riscv64.
; opt -mtriple overrides the module's triple (the datalayout stays x86_64's;
; only the triple matters here). print<cacheline-layout> shows the same size.
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.x86.json -disable-output %s
; RUN: FileCheck %s --check-prefix=X86 --input-file=%t.x86.json
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -mtriple=aarch64-unknown-linux-gnu -cacheline-layout-report=%t.a64.json -disable-output %s
; RUN: FileCheck %s --check-prefix=A64 --input-file=%t.a64.json
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -mtriple=aarch64_be-unknown-linux-gnu -cacheline-layout-report=%t.a64be.json -disable-output %s
; RUN: FileCheck %s --check-prefix=A64BE --input-file=%t.a64be.json
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -mtriple=powerpc64le-unknown-linux-gnu -cacheline-layout-report=%t.ppcle.json -disable-output %s
; RUN: FileCheck %s --check-prefix=PPCLE --input-file=%t.ppcle.json
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -mtriple=powerpc64-unknown-linux-gnu -cacheline-layout-report=%t.ppc.json -disable-output %s
; RUN: FileCheck %s --check-prefix=PPC --input-file=%t.ppc.json
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -mtriple=s390x-unknown-linux-gnu -cacheline-layout-report=%t.s390x.json -disable-output %s
; RUN: FileCheck %s --check-prefix=S390X --input-file=%t.s390x.json
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -mtriple=riscv64-unknown-linux-gnu -cacheline-layout-report=%t.rv64.json -disable-output %s
; RUN: FileCheck %s --check-prefix=RV64 --input-file=%t.rv64.json
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='print<cacheline-layout>' -disable-output %s > %t.x86.txt
; RUN: FileCheck %s --check-prefix=PRINT128 --input-file=%t.x86.txt
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='print<cacheline-layout>' -mtriple=s390x-unknown-linux-gnu -disable-output %s > %t.s390x.txt
; RUN: FileCheck %s --check-prefix=PRINT256 --input-file=%t.s390x.txt
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='print<cacheline-layout>' -mtriple=riscv64-unknown-linux-gnu -disable-output %s > %t.rv64.txt
; RUN: FileCheck %s --check-prefix=PRINT64 --input-file=%t.rv64.txt

; X86:      {{^}}{
; X86-NEXT: {{^}}  "format": "cacheline-layout-report",
; X86-NEXT: {{^}}  "version": 1,
; X86-NEXT: {{^}}  "target": "x86_64-unknown-linux-gnu",
; X86-NEXT: {{^}}  "line_size": 128,
; X86-NEXT: {{^}}  "globals": [
; A64:        "target": "aarch64-unknown-linux-gnu",
; A64-NEXT:   "line_size": 128,
; A64BE:      "target": "aarch64_be-unknown-linux-gnu",
; A64BE-NEXT: "line_size": 128,
; PPCLE:      "target": "powerpc64le-unknown-linux-gnu",
; PPCLE-NEXT: "line_size": 128,
; PPC:        "target": "powerpc64-unknown-linux-gnu",
; PPC-NEXT:   "line_size": 128,
; S390X:      "target": "s390x-unknown-linux-gnu",
; S390X-NEXT: "line_size": 256,
; RV64:       "target": "riscv64-unknown-linux-gnu",
; RV64-NEXT:  "line_size": 64,
; PRINT128: {{^}}line size: 128{{$}}
; PRINT256: {{^}}line size: 256{{$}}
; PRINT64:  {{^}}line size: 64{{$}}

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
