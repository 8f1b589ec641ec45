; REQUIRES: aarch64-registered-target
; Regression (was a bug): Layout.cpp applyLayout() gives every moved global an ELF section name
; (".bss.write_hot", ".data.read_mostly", ...) whatever the object format.
; On Mach-O a section specifier must be "segment,section", so codegen of
; the pass's output aborts: "LLVM ERROR: Global variable 'counter' has an
; invalid section specifier '.bss.write_hot': mach-o section specifier
; requires a segment and section separated by a comma" (llc exits 134).
; The pass must leave non-ELF modules it cannot lay out compilable (e.g.
; classify and report only when !Triple::isOSBinFormatELF(), or use
; "__DATA,__..." names on Mach-O). COFF accepts the names (long section
; names); this fixture only asks that the output compiles.
; The program is that of triple-aarch64.ll, for arm64-apple-macosx14.0.0
; (datalayout from clang-19 --target=arm64-apple-macosx14.0.0).
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -S %s -o %t.ll
; RUN: %llc -O2 -filetype=obj %t.ll -o %t.o

target datalayout = "e-m:o-i64:64-i128:128-n32:64-S128-Fn32"
target triple = "arm64-apple-macosx14.0.0"

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
