; With profile data (function_entry_count on the functions, a ProfileSummary
; module flag and branch weights, shaped like clang -fprofile-instr-use
; output), a run-time write is write-hot iff its estimated execution count
; (entry count x block frequency) is at least 1000 (the default of
; -cacheline-hot-write-count); the measured count beats the guesses used
; without a profile (busy loop, hot function, atomic operation).
;  * hot_counter: stored in worker's first loop, 4 entries x 500 trips =
;    2000 >= 1000: write-hot, and the reason names the profile count.
;  * cool_counter: stored in worker's second loop, 4 x 50 = 200 < 1000: not
;    write-hot, although without a profile a store in a thread entry's busy
;    loop would be; a rare write, and it is read in the loop: read-mostly.
;  * rare_atomic: an atomicrmw in the same cold loop: with a profile even an
;    atomic read-modify-write is only hot if it runs often enough.
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -pass-remarks-analysis=cacheline-layout -disable-output %s 2>%t.rmk
; RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.rmk

; CHECK-DAG: "class":"write-hot","name":"hot_counter","reads":2,"reason":"written while threads run: store in worker (thread entry) in a loop, profile count 2000",{{.*}}"kind":"store","loop":"busy","profile_count":2000}
; CHECK-DAG: "class":"read-mostly","name":"cool_counter","reads":2,"reason":"written only rarely while threads run (store in worker (thread entry) in a loop, profile count 200){{.*}}"profile_count":200}
; CHECK-DAG: "class":"neutral","name":"rare_atomic","reads":1,"reason":"written at run time, but not repeatedly: atomicrmw in worker (thread entry) in a loop, profile count 200; read only in shut-down",
; CHECK-DAG: "summary": {"globals":3,"neutral":1,"read-mostly":1,"skipped":0,"write-hot":1}

; REMARK-DAG: remark: {{.*}}global hot_counter is write-hot: written while threads run: store in worker (thread entry) in a loop, profile count 2000
; REMARK-DAG: remark: {{.*}}global cool_counter is read-mostly: {{.*}}profile count 200
; REMARK-DAG: remark: {{.*}}global rare_atomic is neutral: {{.*}}profile count 200

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@hot_counter = internal global i64 0, align 8
@cool_counter = internal global i64 0, align 8
@rare_atomic = internal global i64 0, align 8

define internal ptr @worker(ptr %arg) !prof !20 {
entry:
  br label %hot.loop

hot.loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %hot.loop ]
  %a = load i64, ptr @hot_counter, align 8
  %a1 = add i64 %a, 1
  store i64 %a1, ptr @hot_counter, align 8
  %i.next = add i64 %i, 1
  %hot.done = icmp eq i64 %i.next, 500
  br i1 %hot.done, label %cool.loop, label %hot.loop, !prof !21

cool.loop:
  %j = phi i64 [ 0, %hot.loop ], [ %j.next, %cool.loop ]
  %b = load i64, ptr @cool_counter, align 8
  %b1 = add i64 %b, 1
  store i64 %b1, ptr @cool_counter, align 8
  %c = atomicrmw add ptr @rare_atomic, i64 1 monotonic, align 8
  %j.next = add i64 %j, 1
  %cool.done = icmp eq i64 %j.next, 50
  br i1 %cool.done, label %exit, label %cool.loop, !prof !22

exit:
  ret ptr null
}

define i32 @main() !prof !23 {
  %t = alloca [4 x i64], align 8
  br label %spawn

spawn:
  %k = phi i64 [ 0, %0 ], [ %k.next, %spawn ]
  %slot = getelementptr inbounds [4 x i64], ptr %t, i64 0, i64 %k
  %r = call i32 @pthread_create(ptr %slot, ptr null, ptr @worker, ptr null)
  %k.next = add i64 %k, 1
  %spawn.done = icmp eq i64 %k.next, 4
  br i1 %spawn.done, label %done, label %spawn, !prof !24

done:
  %h = load i64, ptr %t, align 8
  %jn = call i32 @pthread_join(i64 %h, ptr null)
  %x = load i64, ptr @hot_counter, align 8
  %y = load i64, ptr @cool_counter, align 8
  %z = load i64, ptr @rare_atomic, align 8
  %xy0 = add i64 %x, %y
  %xy = add i64 %xy0, %z
  %ret = trunc i64 %xy to i32
  ret i32 %ret
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)

!llvm.module.flags = !{!0}

!0 = !{i32 1, !"ProfileSummary", !1}
!1 = !{!2, !3, !4, !5, !6, !7, !8, !9, !10, !11}
!2 = !{!"ProfileFormat", !"InstrProf"}
!3 = !{!"TotalCount", i64 2209}
!4 = !{!"MaxCount", i64 2000}
!5 = !{!"MaxInternalCount", i64 2000}
!6 = !{!"MaxFunctionCount", i64 4}
!7 = !{!"NumCounts", i64 5}
!8 = !{!"NumFunctions", i64 2}
!9 = !{!"IsPartialProfile", i64 0}
!10 = !{!"PartialProfileRatio", double 0.000000e+00}
!11 = !{!"DetailedSummary", !12}
!12 = !{!13, !14, !15}
!13 = !{i32 10000, i64 2000, i32 1}
!14 = !{i32 990000, i64 200, i32 2}
!15 = !{i32 999999, i64 1, i32 5}
!20 = !{!"function_entry_count", i64 4}
!21 = !{!"branch_weights", i32 4, i32 1996}
!22 = !{!"branch_weights", i32 4, i32 196}
!23 = !{!"function_entry_count", i64 1}
!24 = !{!"branch_weights", i32 1, i32 3}
