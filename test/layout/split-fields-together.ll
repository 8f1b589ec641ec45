; Fields one access reaches together stay together: a vectorized load and
; store of two counters (what SLP makes of `s.hits++; s.misses += 2;`)
; keeps both in one group, with the bytes between them as they were, even
; though misses is also written in a block of its own; the read-mostly
; field still leaves. Where such an access joins a write-hot field with a
; read-mostly one (t), nothing is gained: not split, and the report says
; why. The places a select chooses between (u: `*(odd ? &u.a : &u.b) += 1`,
; what a compiler makes of two branches) are written apart: each its own
; group, the select choosing between the two new globals; the memcpy
; that sets u up is cut at the groups' bounds. Not a memcpy whose source is
; the struct itself (v): its addresses change under the cut; the rewrite
; refuses it and v keeps the whole-object layout; so does a volatile
; memset (x: one volatile access may not become several). A library call that
; fills one object at its pointer (gettimeofday's struct timeval, in the
; known-function table) touches only the field it is given (w).
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll
; RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
; RUN: rm -rf %t.facts && %opt -load-pass-plugin=%plugin -passes=cacheline-facts -cacheline-facts-dir=%t.facts -disable-output %s
; RUN: cat %t.facts/*.facts.json > %t.all.json
; RUN: FileCheck %s --check-prefix=FACTS --input-file=%t.all.json
;
; CHECK-DAG: @s.write_hot = internal global { <{ i64, i64 }>, [112 x i8] } zeroinitializer, section ".bss.write_hot", align 16
; CHECK-DAG: @s.read_mostly = internal global <{ i32 }> zeroinitializer, section ".bss.read_mostly", align 16
; CHECK-DAG: @u.read_mostly = internal global <{ i32 }> zeroinitializer, section ".bss.read_mostly", align 16
; CHECK-DAG: @t = internal global { %struct.T, [112 x i8] } zeroinitializer, section ".bss.write_hot", align 16
; CHECK-LABEL: define internal ptr @worker(
; CHECK: %v = load <2 x i64>, ptr @s.write_hot, align 16
; CHECK: store <2 x i64> %v2, ptr @s.write_hot, align 16
; CHECK: load i32, ptr @s.read_mostly, align 16
; CHECK: %pu = select i1 %odd, ptr @u.write_hot, ptr @u.write_hot.1
; CHECK-NEXT: atomicrmw add ptr %pu, i64 1 monotonic, align 8
; CHECK: call i32 @gettimeofday(ptr getelementptr inbounds (i8, ptr @w.write_hot, i64 8), ptr null)
; CHECK: store i64 %m2, ptr getelementptr inbounds (i8, ptr @s.write_hot, i64 8), align 8
; CHECK-LABEL: define i32 @main(
; (The constant pieces are inbounds with LLVM 19; LLVM 16 folds them
; without it.)
; CHECK: call void @llvm.memcpy.p0.p0.i64(ptr align 16 dereferenceable(8) @u.write_hot, ptr align 16 dereferenceable(8) @defaults, i64 8, i1 false)
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 16 dereferenceable(4) @u.read_mostly, ptr align 16 dereferenceable(4) getelementptr {{(inbounds )?}}(i8, ptr @defaults, i64 16), i64 4, i1 false)
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 16 dereferenceable(8) @u.write_hot.1, ptr align 8 dereferenceable(8) getelementptr {{(inbounds )?}}(i8, ptr @defaults, i64 8), i64 8, i1 false)
; JSON-DAG: "name":"s",{{.*}}"inner_layout":"fields split into 2 globals: write-hot {field 0 (+0), field 1 (+8)}; read-mostly {field 2 (+16)}"
; JSON-DAG: "name":"u",{{.*}}"inner_layout":"fields split into 3 globals: write-hot {field 0 (+0)}; write-hot {field 1 (+8)}; read-mostly {field 2 (+16)}"
; JSON-DAG: "name":"v",{{.*}}"inner_layout":"fields not split: a memory intrinsic past its field in main",
; JSON-DAG: "name":"x",{{.*}}"inner_layout":"fields not split: a memory intrinsic past its field in main",
; JSON-DAG: "name":"w",{{.*}}"inner_layout":"fields split into 2 globals: write-hot {field 0 (+0), field 1 (+8)}; read-mostly {field 2 (+24)}"
; The facts give the atomic's two places.
; FACTS: "k":"atomicrmw",{{.*}}"or":[{"n":8,"o":8}],{{.*}}"r":{"n":8}}
; JSON-DAG: "name":"t",{{.*}}"inner_layout":"fields not split: reaches across fields: load in worker (thread entry) in a loop"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i64, i64, i32 }
%struct.T = type { i64, i64 }
%struct.V = type { i64, i64, i64, i64, i32 }
%struct.W = type { i64, %struct.timeval, i32 }
%struct.timeval = type { i64, i64 }

@s = internal global %struct.S zeroinitializer, align 16
@t = internal global %struct.T zeroinitializer, align 16
@u = internal global %struct.S zeroinitializer, align 16
@v = internal global %struct.V zeroinitializer, align 16
@w = internal global %struct.W zeroinitializer, align 16
@x = internal global %struct.S zeroinitializer, align 16
@defaults = internal constant %struct.S { i64 1, i64 2, i32 3 }, align 16

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare i32 @gettimeofday(ptr, ptr)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %v = load <2 x i64>, ptr @s, align 16
  %v2 = add <2 x i64> %v, <i64 1, i64 2>
  store <2 x i64> %v2, ptr @s, align 16
  %lvl = load i32, ptr getelementptr inbounds (i8, ptr @s, i64 16), align 16
  %w = load <2 x i64>, ptr @t, align 16
  %count = extractelement <2 x i64> %w, i64 0
  %limit = extractelement <2 x i64> %w, i64 1
  %count2 = add i64 %count, %limit
  store i64 %count2, ptr @t, align 16
  %bit = and i64 %i, 1
  %odd = icmp eq i64 %bit, 1
  %pu = select i1 %odd, ptr @u, ptr getelementptr inbounds (i8, ptr @u, i64 8)
  %old = atomicrmw add ptr %pu, i64 1 monotonic, align 8
  %cfg = load i32, ptr getelementptr inbounds (i8, ptr @u, i64 16), align 16
  %pv = select i1 %odd, ptr @v, ptr getelementptr inbounds (i8, ptr @v, i64 8)
  %oldv = atomicrmw add ptr %pv, i64 1 monotonic, align 8
  %cfgv = load i32, ptr getelementptr inbounds (i8, ptr @v, i64 32), align 16
  %oldw = atomicrmw add ptr @w, i64 1 monotonic, align 8
  %tod = call i32 @gettimeofday(ptr getelementptr inbounds (i8, ptr @w, i64 8), ptr null)
  %cfgw = load i32, ptr getelementptr inbounds (i8, ptr @w, i64 24), align 8
  %px = select i1 %odd, ptr @x, ptr getelementptr inbounds (i8, ptr @x, i64 8)
  %oldx = atomicrmw add ptr %px, i64 1 monotonic, align 8
  %cfgx = load i32, ptr getelementptr inbounds (i8, ptr @x, i64 16), align 16
  %rare = and i64 %i, 1023
  %c = icmp eq i64 %rare, 0
  br i1 %c, label %extra, label %latch

extra:
  %m = load i64, ptr getelementptr inbounds (i8, ptr @s, i64 8), align 8
  %m2 = add i64 %m, 5
  store i64 %m2, ptr getelementptr inbounds (i8, ptr @s, i64 8), align 8
  br label %latch

latch:
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, 1000000
  br i1 %done, label %exit, label %loop

exit:
  ret ptr null
}

define i32 @main() {
entry:
  %tid = alloca i64, align 8
  store i32 7, ptr getelementptr inbounds (i8, ptr @s, i64 16), align 16
  store i64 100, ptr getelementptr inbounds (i8, ptr @t, i64 8), align 8
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 @u, ptr align 16 @defaults, i64 20, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 @v, ptr align 16 getelementptr inbounds (i8, ptr @v, i64 16), i64 16, i1 false)
  store i32 5, ptr getelementptr inbounds (i8, ptr @v, i64 32), align 16
  store i32 9, ptr getelementptr inbounds (i8, ptr @w, i64 24), align 8
  call void @llvm.memset.p0.i64(ptr align 16 @x, i8 0, i64 20, i1 true)
  store i32 4, ptr getelementptr inbounds (i8, ptr @x, i64 16), align 16
  %r = call i32 @pthread_create(ptr %tid, ptr null, ptr @worker, ptr null)
  %id = load i64, ptr %tid, align 8
  %j = call i32 @pthread_join(i64 %id, ptr null)
  ret i32 0
}
