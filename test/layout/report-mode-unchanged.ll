; -cacheline-layout-mode=report (or CACHELINE_LAYOUT_MODE=report) classifies
; and reports but leaves the module exactly as it was: its output is
; byte-identical to opt's without the pass. The same program in the default
; mode (or -cacheline-layout-mode=layout) does change, so the diff would
; catch a report mode that moved anything. The report still classifies
; (write-hot counter) but has no new_section and no padding. Any other mode
; is a one-line error.
; The program is that of triple-x86_64.ll (x86_64, line 128).
;
; RUN: %opt -passes=verify -S %s -o %t.orig.ll
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-layout-mode=report -cacheline-layout-report=%t.json -S %s -o %t.report.ll
; RUN: diff %t.orig.ll %t.report.ll
; RUN: env CACHELINE_LAYOUT_MODE=report %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -S %s -o %t.env.ll
; RUN: diff %t.orig.ll %t.env.ll
; RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json --implicit-check-not=new_section --implicit-check-not=new_align --implicit-check-not=padded_size
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -S %s -o %t.layout.ll
; RUN: not diff %t.orig.ll %t.layout.ll > %t.diff
; RUN: FileCheck %s --check-prefix=LAYOUT --input-file=%t.layout.ll
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-layout-mode=layout -S %s -o %t.layout2.ll
; RUN: diff %t.layout.ll %t.layout2.ll
; RUN: not %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-layout-mode=bogus -S %s -o %t.bad.ll 2>%t.bad.err
; RUN: FileCheck %s --check-prefix=BAD --input-file=%t.bad.err
; RUN: count 1 < %t.bad.err
; RUN: env CACHELINE_LAYOUT_MODE=bogus not %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -S %s -o %t.bad.ll 2>%t.badenv.err
; RUN: FileCheck %s --check-prefix=BADENV --input-file=%t.badenv.err
; RUN: count 1 < %t.badenv.err

; JSON: "class":"write-hot","name":"counter","reads":0,
; JSON: "summary": {"globals":{{[0-9]+}},"neutral":{{[0-9]+}},"read-mostly":{{[0-9]+}},"skipped":{{[0-9]+}},"write-hot":{{[0-9]+}}}

; LAYOUT: @counter = internal global { i64, [120 x i8] } zeroinitializer, section ".bss.write_hot", align 8

; BAD: for the --cacheline-layout-mode option: invalid mode 'bogus': expected 'layout', 'report' or 'instrument'
; BADENV: error: cacheline-layout: CACHELINE_LAYOUT_MODE: invalid mode 'bogus': expected 'layout', 'report' or 'instrument'

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
