; -pass-remarks=cacheline-layout: one "Moved" remark per global the layout
; changed (x86_64, line 128), saying where it went, its alignment, and for
; write-hot globals that grew, the sizes before and after. A write-hot
; global that already fills whole lines (@ring, 128 bytes) and read-mostly
; globals get no "padded" clause. The classification remarks are analysis
; remarks (-pass-remarks-analysis) and do not appear here. In report mode
; nothing moves, so there is no remark at all. The YAML remark file carries
; the same facts as arguments for tools. The element layout is off
; (-cacheline-max-element-padding=0) so that @ring keeps its type.
;
;   static _Atomic long counter;  // atomic add in the worker loop: write-hot, 8 -> 128 bytes
;   static long ring[16];         // stored in the worker loop: write-hot, already 128 bytes
;   static int flag;              // set in main before pthread_create: read-mostly, first of .bss group
;   static short nthreads;        // likewise, second of the group: its own alignment 2
;   static int mode = 3;          // never written, read by the worker: read-mostly, .data group
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-max-element-padding=0 -pass-remarks=cacheline-layout -pass-remarks-output=%t.yaml -disable-output %s 2>%t.rmk
; RUN: FileCheck %s --input-file=%t.rmk --implicit-check-not=remark:
; RUN: FileCheck %s --check-prefix=YAML --input-file=%t.yaml
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-max-element-padding=0 -cacheline-layout-mode=report -pass-remarks=cacheline-layout -disable-output %s 2>%t.report.rmk
; RUN: count 0 < %t.report.rmk

; CHECK-DAG: remark: <unknown>:0:0: moved write-hot global counter to .bss.write_hot, aligned to 128, padded from 8 to 128 bytes{{$}}
; CHECK-DAG: remark: <unknown>:0:0: moved write-hot global ring to .bss.write_hot, aligned to 128{{$}}
; CHECK-DAG: remark: <unknown>:0:0: moved read-mostly global flag to .bss.read_mostly, aligned to 128{{$}}
; CHECK-DAG: remark: <unknown>:0:0: moved read-mostly global nthreads to .bss.read_mostly, aligned to 2{{$}}
; CHECK-DAG: remark: <unknown>:0:0: moved read-mostly global mode to .data.read_mostly, aligned to 128{{$}}

; YAML:      --- !Passed
; YAML-NEXT: Pass: cacheline-layout
; YAML-NEXT: Name: Moved
; YAML-NEXT: Function: worker
; YAML-NEXT: Args:
; YAML-NEXT:   - String: 'moved '
; YAML-NEXT:   - String: write-hot
; YAML-NEXT:   - String: ' global '
; YAML-NEXT:   - Global: counter
; YAML-NEXT:   - String: ' to '
; YAML-NEXT:   - Section: .bss.write_hot
; YAML-NEXT:   - String: ', aligned to '
; YAML-NEXT:   - Align: '128'
; YAML-NEXT:   - String: ', padded from '
; YAML-NEXT:   - OldSize: '8'
; YAML-NEXT:   - String: ' to '
; YAML-NEXT:   - NewSize: '128'
; YAML-NEXT:   - String: ' bytes'

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@counter = internal global i64 0, align 8
@ring = internal global [16 x i64] zeroinitializer, align 16
@flag = internal global i32 0, align 4
@nthreads = internal global i16 0, align 2
@mode = internal global i32 3, align 4

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %old = atomicrmw add ptr @counter, i64 1 monotonic, align 8
  %k = and i64 %i, 15
  %slot = getelementptr inbounds [16 x i64], ptr @ring, i64 0, i64 %k
  store i64 %i, ptr %slot, align 8
  %f = load i32, ptr @flag, align 4
  %n = load i16, ptr @nthreads, align 2
  %m = load i32, ptr @mode, align 4
  %n32 = sext i16 %n to i32
  %s = add i32 %f, %n32
  %s2 = add i32 %s, %m
  %lim = sext i32 %s2 to i64
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp sge i64 %i.next, %lim
  br i1 %done, label %exit, label %loop

exit:
  ret ptr null
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %t = alloca i64, align 8
  store i32 %argc, ptr @flag, align 4
  store i16 2, ptr @nthreads, align 2
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
