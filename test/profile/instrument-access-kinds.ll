; Instrument mode counts every kind of access the facts see, each at its own
; site: loads, stores, atomic stores, atomicrmw, cmpxchg, memset and memcpy,
; lock calls, and a callee's store through its parameter (counted only when
; the address is inside the global: @bump also runs on a local). The thread
; creation is bracketed by the phase switch. @leaked's address goes to
; unknown code: it is counted in part (what the facts see, here the
; worker's stores; the profile says why, "in_part"). The
; instrumented module verifies, runs, and its profile holds the exact counts
; of this deterministic program.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=instrument -passes='cacheline-layout,verify' %s -S -o %t/inst.ll
; RUN: FileCheck %s --check-prefix=IR --input-file=%t/inst.ll
; RUN: %clang -O0 %t/inst.ll %S/Inputs/ext_keep.c -o %t/prog -lpthread
; RUN: env CACHELINE_LAYOUT_PROFILE_OUT=%t/p.%%p.json %t/prog
; RUN: cat %t/p.*.json > %t/p.json
; RUN: FileCheck %s --check-prefix=PROF --input-file=%t/p.json

; The descriptor names each global and each site; the runtime is internal.
; IR-DAG: @__cacheline_prof_module_desc = internal constant
; IR-DAG: @__cacheline_prof_counters = internal thread_local {{.*}}global ptr null
; IR-DAG: c"address escapes: address passed to unknown function ext_keep in main\00"
; The helper's store counts only inside @total: a range test first.
; IR-LABEL: define internal void @bump(ptr %p)
; IR: ptrtoint ptr %p to i64
; IR: sub i64 {{.*}}, ptrtoint (ptr @total to i64)
; IR: icmp ult i64 {{.*}}, 8
; IR: call ptr @__cacheline_prof_register()
; Thread creation switches the phase around the call.
; IR-LABEL: define i32 @main()
; IR: call void @__cacheline_prof_thread_create_begin()
; IR-NEXT: %c = call i32 @pthread_create(
; IR-NEXT: [[OK:%.*]] = icmp eq i32 %c, 0
; IR-NEXT: [[OKI:%.*]] = zext i1 [[OK]] to i32
; IR-NEXT: call void @__cacheline_prof_thread_create_end(i32 [[OKI]])

; PROF: "format": "cacheline-write-profile"
; PROF: "threads": 2,
; PROF: "threads_created": 1,
; PROF-DAG: {"name": "flag", {{.*}}"before": {"reads": 0, "writes": 1}, "after": {"reads": 100, "writes": 0, "sync": 0, "writing_threads": 0}
; PROF-DAG: {"name": "counter", {{.*}}"before": {"reads": 0, "writes": 0}, "after": {"reads": 0, "writes": 100, "sync": 100, "writing_threads": 1}, "sites": [{"function": "worker", "kind": "atomicrmw", "location": "", "before": 0, "after": 100}]}
; PROF-DAG: {"name": "cas", {{.*}}"after": {"reads": 0, "writes": 100, "sync": 100, "writing_threads": 1}
; PROF-DAG: {"name": "astore", {{.*}}"after": {"reads": 0, "writes": 100, "sync": 0, "writing_threads": 1}
; PROF-DAG: {"name": "buf", {{.*}}"before": {"reads": 0, "writes": 1}, "after": {"reads": 100, "writes": 0,
; PROF-DAG: {"name": "m", {{.*}}"after": {"reads": 0, "writes": 200, "sync": 200, "writing_threads": 1}
; PROF-DAG: {"name": "total", {{.*}}"before": {"reads": 0, "writes": 0}, "after": {"reads": 1, "writes": 1, "sync": 0, "writing_threads": 1}, "sites": [{"function": "bump", "kind": "store", "location": "", "before": 0, "after": 1}, {"function": "bump", "kind": "load", "location": "", "before": 0, "after": 1}]}
; PROF-DAG: {"name": "leaked", {{.*}}"in_part": "address escapes: address passed to unknown function ext_keep in main", "before": {"reads": 0, "writes": 0}, "after": {"reads": 0, "writes": 100, "sync": 0, "writing_threads": 1}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@flag = internal global i32 0, align 4
@counter = internal global i64 0, align 8
@cas = internal global i64 0, align 8
@astore = internal global i64 0, align 8
@buf = internal global [64 x i8] zeroinitializer, align 16
@m = internal global [40 x i8] zeroinitializer, align 8
@total = internal global i64 0, align 8
@leaked = internal global i64 0, align 8

define internal ptr @worker(ptr %arg) {
entry:
  %local = alloca [64 x i8], align 16
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %f = load volatile i32, ptr @flag, align 4
  %o = atomicrmw add ptr @counter, i64 1 monotonic, align 8
  %x = cmpxchg ptr @cas, i64 0, i64 0 monotonic monotonic, align 8
  store atomic i64 1, ptr @astore monotonic, align 8
  store i64 1, ptr @leaked, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr %local, ptr @buf, i64 64, i1 true)
  %l = call i32 @pthread_mutex_lock(ptr @m)
  %u = call i32 @pthread_mutex_unlock(ptr @m)
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 100
  br i1 %done, label %exit, label %loop

exit:
  ret ptr null
}

define internal void @bump(ptr %p) noinline {
  %v = load volatile i64, ptr %p, align 8
  store i64 7, ptr %p, align 8
  ret void
}

define i32 @main() {
entry:
  %t = alloca i64, align 8
  %own = alloca i64, align 8
  store i32 1, ptr @flag, align 4
  call void @llvm.memset.p0.i64(ptr @buf, i8 1, i64 64, i1 false)
  call void @ext_keep(ptr @leaked)
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  call void @bump(ptr @total)
  call void @bump(ptr %own)
  ret i32 0
}

; Unknown code that keeps the pointer (Inputs/ext_keep.c).
declare void @ext_keep(ptr)

declare i32 @pthread_mutex_lock(ptr)
declare i32 @pthread_mutex_unlock(ptr)
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
