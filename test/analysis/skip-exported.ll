; Rule 1: a global without local linkage is skipped as exported: another
; module or a shared library could write it, so its accesses here are not
; all its accesses. Every linkage that is not internal/private is exported
; (external, hidden external, weak, common, linkonce_odr), even when a
; thread entry writes the global in a busy loop. The local ones with the
; same accesses (internal, private) are classified: write-hot (bump() is
; called from the thread entry's busy loop, so it is hot).
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -pass-remarks-analysis=cacheline-layout -disable-output %s 2>%t.rmk
; RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.rmk

; CHECK-DAG: "class":"skipped","name":"ext","reads":1,"reason":"exported: another module or library could write it",
; CHECK-DAG: "class":"skipped","name":"ext_hidden","reads":1,"reason":"exported: another module or library could write it",
; CHECK-DAG: "class":"skipped","name":"ext_weak","reads":1,"reason":"exported: another module or library could write it",
; CHECK-DAG: "class":"skipped","name":"ext_common","reads":1,"reason":"exported: another module or library could write it",
; CHECK-DAG: "class":"skipped","name":"ext_linkonce","reads":1,"reason":"exported: another module or library could write it",
; CHECK-DAG: "class":"write-hot","name":"loc_internal","reads":1,"reason":"written while threads run: store in bump (called repeatedly while threads run)",
; CHECK-DAG: "class":"write-hot","name":"loc_private","reads":1,"reason":"written while threads run: store in bump (called repeatedly while threads run)",
; CHECK-DAG: "summary": {"globals":7,"neutral":0,"read-mostly":0,"skipped":5,"write-hot":2}

; REMARK-DAG: remark: {{.*}}global ext is skipped: exported: another module or library could write it
; REMARK-DAG: remark: {{.*}}global ext_weak is skipped: exported:
; REMARK-DAG: remark: {{.*}}global loc_private is write-hot:

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$ext_linkonce = comdat any

@ext = global i64 0, align 8
@ext_hidden = hidden global i64 0, align 8
@ext_weak = weak global i64 0, align 8
@ext_common = common global i64 0, align 8
@ext_linkonce = linkonce_odr global i64 0, comdat, align 8
@loc_internal = internal global i64 0, align 8
@loc_private = private global i64 0, align 8

define internal void @bump(ptr %p) {
  %v = load i64, ptr %p, align 8
  %v1 = add i64 %v, 1
  store i64 %v1, ptr %p, align 8
  ret void
}

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  call void @bump(ptr @ext)
  call void @bump(ptr @ext_hidden)
  call void @bump(ptr @ext_weak)
  call void @bump(ptr @ext_common)
  call void @bump(ptr @ext_linkonce)
  call void @bump(ptr @loc_internal)
  call void @bump(ptr @loc_private)
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, 1000000
  br i1 %done, label %exit, label %loop

exit:
  ret ptr null
}

define i32 @main() {
  %t = alloca i64, align 8
  %r = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %h = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %h, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
