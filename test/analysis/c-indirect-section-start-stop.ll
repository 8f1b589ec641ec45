; Function pointers in a named section: initcall records placed in section
; "initcalls" (kept by llvm.used) and walked by main through
; __start_initcalls/__stop_initcalls. The section is the program's own
; table, not "callbacks of unknown code": the indirect call reaches init_a
; and init_b, which run only at start-up, so @cfg_a and @cfg_b are
; read-mostly.
;
;   #include <pthread.h>
;   struct initcall { void (*fn)(void); };
;   static int cfg_a, cfg_b;
;   static long work;
;   static void init_a(void) { cfg_a = 3; }
;   static void init_b(void) { cfg_b = 4; }
;   __attribute__((used, section("initcalls"))) static const struct initcall ic_a = {init_a};
;   __attribute__((used, section("initcalls"))) static const struct initcall ic_b = {init_b};
;   extern const struct initcall __start_initcalls[], __stop_initcalls[];
;   static void *worker(void *a) {
;     for (int i = 0; i < 1000; ++i) __atomic_fetch_add(&work, cfg_a + cfg_b, __ATOMIC_RELAXED);
;     return 0;
;   }
;   int main(void) {
;     for (const struct initcall *c = __start_initcalls; c < __stop_initcalls; ++c) c->fn();
;     pthread_t t;
;     pthread_create(&t, 0, worker, 0);
;     worker(0);
;     pthread_join(t, 0);
;     return (int)work;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK-DAG: "class":"read-mostly","name":"cfg_a",{{.*}}"reason":"written only at start-up (store in init_a (called only at start-up))
; CHECK-DAG: "class":"read-mostly","name":"cfg_b",
; CHECK-DAG: "class":"write-hot","name":"work",
; CHECK-DAG: "start_up_functions": ["init_a","init_b"]

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.initcall = type { ptr }

@ic_a = internal constant %struct.initcall { ptr @init_a }, section "initcalls", align 8
@ic_b = internal constant %struct.initcall { ptr @init_b }, section "initcalls", align 8
@__start_initcalls = external constant [0 x %struct.initcall], align 8
@__stop_initcalls = external constant [0 x %struct.initcall], align 8
@work = internal global i64 0, align 8
@cfg_a = internal unnamed_addr global i1 false, align 4
@cfg_b = internal unnamed_addr global i1 false, align 4
@llvm.compiler.used = appending global [2 x ptr] [ptr @ic_a, ptr @ic_b], section "llvm.metadata"

define internal void @init_a() {
entry:
  store i1 true, ptr @cfg_a, align 4
  ret void
}

define internal void @init_b() {
entry:
  store i1 true, ptr @cfg_b, align 4
  ret void
}

define dso_local i32 @main() local_unnamed_addr {
entry:
  %t = alloca i64, align 8
  %cmp5 = icmp ult ptr @__start_initcalls, @__stop_initcalls
  br i1 %cmp5, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.body, %entry
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %t)
  %call = call i32 @pthread_create(ptr noundef nonnull %t, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null)
  %call1 = call ptr @worker(ptr poison)
  %0 = load i64, ptr %t, align 8
  %call2 = call i32 @pthread_join(i64 noundef %0, ptr noundef null)
  %1 = load i64, ptr @work, align 8
  %conv = trunc i64 %1 to i32
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %t)
  ret i32 %conv

for.body:                                         ; preds = %for.body, %entry
  %c.06 = phi ptr [ %incdec.ptr, %for.body ], [ @__start_initcalls, %entry ]
  %2 = load ptr, ptr %c.06, align 8
  tail call void %2()
  %incdec.ptr = getelementptr inbounds i8, ptr %c.06, i64 8
  %cmp = icmp ult ptr %incdec.ptr, @__stop_initcalls
  br i1 %cmp, label %for.body, label %for.cond.cleanup
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #0

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

define internal noalias noundef ptr @worker(ptr nocapture readnone %a) {
entry:
  %.b = load i1, ptr @cfg_a, align 4
  %0 = select i1 %.b, i64 3, i64 0
  %.b2 = load i1, ptr @cfg_b, align 4
  %1 = select i1 %.b2, i64 4, i64 0
  %add = or i64 %1, %0
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body
  ret ptr null

for.body:                                         ; preds = %for.body, %entry
  %i.03 = phi i32 [ 0, %entry ], [ %inc, %for.body ]
  %2 = atomicrmw add ptr @work, i64 %add monotonic, align 8
  %inc = add nuw nsw i32 %i.03, 1
  %exitcond.not = icmp eq i32 %inc, 1000
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
