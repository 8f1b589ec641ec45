; Skipped and neutral globals are never touched (x86_64, line 128): no
; section, no alignment change, no padding, no move, not added to
; llvm.compiler.used. @hot (write-hot) and @rm (read-mostly) show the pass
; did run on this module. Every definition is CHECKed exactly.
;   skipped: constants (@ctab read in the worker loop, a private string),
;            thread_local (@tls, stored in the worker loop), user sections
;            (@usec "mysec"; @ukernel already in ".data.read_mostly": it keeps
;            its own align 4), exported (@ext, @weakg, @commong; all stored in
;            the worker loop), a declaration (@decl), externally_initialized
;            (@extinit), an escaping address (@escaped, passed to an unknown
;            function, read in the worker loop);
;   neutral: @never (never accessed), @once (read in main before
;            pthread_create, stored once after it: a rare write, and no read
;            while threads run).
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll
; RUN: FileCheck %s --check-prefix=NEG --input-file=%t.ll

; CHECK-DAG: @ctab = internal constant [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 16{{$}}
; CHECK-DAG: @.str = private unnamed_addr constant [6 x i8] c"hello\00", align 1{{$}}
; CHECK-DAG: @tls = internal thread_local global i64 0, align 8{{$}}
; CHECK-DAG: @usec = internal global i64 0, section "mysec", align 8{{$}}
; CHECK-DAG: @ukernel = internal global i32 5, section ".data.read_mostly", align 4{{$}}
; CHECK-DAG: @ext = global i64 0, align 8{{$}}
; CHECK-DAG: @weakg = weak global i64 0, align 8{{$}}
; CHECK-DAG: @commong = common global i64 0, align 8{{$}}
; CHECK-DAG: @decl = external global i64, align 8{{$}}
; CHECK-DAG: @extinit = internal externally_initialized global i32 0, align 4{{$}}
; CHECK-DAG: @escaped = internal global i32 0, align 4{{$}}
; CHECK-DAG: @never = internal global i32 0, align 4{{$}}
; CHECK-DAG: @once = internal global i32 0, align 4{{$}}
; CHECK-DAG: @hot = internal global { i64, [120 x i8] } zeroinitializer, section ".bss.write_hot", align 8{{$}}
; CHECK-DAG: @rm = internal global i32 0, section ".bss.read_mostly", align 4{{$}}
; CHECK-DAG: @llvm.compiler.used = appending global [5 x ptr] [ptr @cacheline.open.bss.write_hot, ptr @cacheline.open.bss.read_mostly, ptr @hot, ptr @rm, ptr @cacheline.read_mostly.bss.pad], section "llvm.metadata"

; No constant and no thread-local in a section of ours:
; NEG-NOT: constant {{.*}}section ".{{(data|bss)}}.{{(read_mostly|write_hot)}}"
; NEG-NOT: thread_local {{.*}}section ".{{(data|bss)}}.{{(read_mostly|write_hot)}}"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ctab = internal constant [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 16
@.str = private unnamed_addr constant [6 x i8] c"hello\00", align 1
@tls = internal thread_local global i64 0, align 8
@usec = internal global i64 0, section "mysec", align 8
@ukernel = internal global i32 5, section ".data.read_mostly", align 4
@ext = global i64 0, align 8
@weakg = weak global i64 0, align 8
@commong = common global i64 0, align 8
@decl = external global i64, align 8
@extinit = internal externally_initialized global i32 0, align 4
@escaped = internal global i32 0, align 4
@never = internal global i32 0, align 4
@once = internal global i32 0, align 4
@hot = internal global i64 0, align 8
@rm = internal global i32 0, align 4

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %k = and i64 %i, 3
  %pc = getelementptr inbounds [4 x i32], ptr @ctab, i64 0, i64 %k
  %c = load i32, ptr %pc, align 4
  %s0 = load i8, ptr @.str, align 1
  store i64 %i, ptr @tls, align 8
  store i64 %i, ptr @usec, align 8
  %uk = load i32, ptr @ukernel, align 4
  store i64 %i, ptr @ext, align 8
  store i64 %i, ptr @weakg, align 8
  store i64 %i, ptr @commong, align 8
  store i64 %i, ptr @decl, align 8
  %ei = load i32, ptr @extinit, align 4
  %es = load i32, ptr @escaped, align 4
  store i64 %i, ptr @hot, align 8
  %r = load i32, ptr @rm, align 4
  %a1 = add i32 %c, %uk
  %a2 = add i32 %a1, %ei
  %a3 = add i32 %a2, %es
  %a4 = add i32 %a3, 1
  %a5 = add i32 %a4, %r
  %s32 = sext i8 %s0 to i32
  %a6 = add i32 %a5, %s32
  %lim = sext i32 %a6 to i64
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp sge i64 %i.next, %lim
  br i1 %done, label %exit, label %loop

exit:
  ret ptr null
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %t = alloca i64, align 8
  store i32 %argc, ptr @rm, align 4
  call void @register(ptr @escaped)
  %on = load i32, ptr @once, align 4
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  store i32 %argc, ptr @once, align 4
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare void @register(ptr)
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
