; Function pointers followed: an indirect call through a pointer loaded from
; an internal table reaches the functions of the call's type in that
; table's initializer (and stored into it), not every function of that
; type. The option parsers of @keywords, called at start-up, stay start-up
; code although the workers' hot loop calls functions of the same type
; through @handlers: @opt_port and @opt_verbose are read-mostly, @handled
; (written by handle_get, a handler) write-hot.
;
;   #include <pthread.h>
;   #include <string.h>
;   struct keyword { const char *name; void (*parse)(const char *); };
;   static int opt_port, opt_verbose;
;   static long handled;
;   static void parse_port(const char *v) { opt_port = v[0]; }
;   static void parse_verbose(const char *v) { opt_verbose = v[0]; }
;   static void handle_get(const char *v) { handled += v[0]; }
;   static const struct keyword keywords[] = {{"port", parse_port}, {"verbose", parse_verbose}};
;   static void (*handlers[])(const char *) = {handle_get, handle_get};
;   static void *worker(void *a) {
;     const char *req = a;
;     for (int i = 0; i < 1000; ++i)
;       handlers[i & 1](req);
;     return 0;
;   }
;   int main(int argc, char **argv) {
;     for (int i = 1; i + 1 < argc; i += 2)
;       for (unsigned k = 0; k < sizeof keywords / sizeof *keywords; ++k)
;         if (!strcmp(argv[i], keywords[k].name)) keywords[k].parse(argv[i + 1]);
;     pthread_t t;
;     pthread_create(&t, 0, worker, argv[0]);
;     worker(argv[0]);
;     pthread_join(t, 0);
;     return opt_port + opt_verbose;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK-DAG: "class":"read-mostly","name":"opt_port",{{.*}}"reason":"written only at start-up (store in parse_port (called only at start-up))
; CHECK-DAG: "class":"read-mostly","name":"opt_verbose",
; CHECK-DAG: "class":"write-hot","name":"handled",{{.*}}"reason":"written while threads run: store in handle_get (called repeatedly while threads run)"
; CHECK-DAG: "start_up_functions": ["parse_port","parse_verbose"]

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.keyword = type { ptr, ptr }

@keywords = internal unnamed_addr constant [2 x %struct.keyword] [%struct.keyword { ptr @.str, ptr @parse_port }, %struct.keyword { ptr @.str.1, ptr @parse_verbose }], align 16
@opt_port = internal unnamed_addr global i32 0, align 4
@opt_verbose = internal unnamed_addr global i32 0, align 4
@.str = private unnamed_addr constant [5 x i8] c"port\00", align 1
@.str.1 = private unnamed_addr constant [8 x i8] c"verbose\00", align 1
@handlers = internal unnamed_addr constant [2 x ptr] [ptr @handle_get, ptr @handle_get], align 16
@handled = internal unnamed_addr global i64 0, align 8

define dso_local i32 @main(i32 noundef %argc, ptr nocapture noundef readonly %argv) local_unnamed_addr {
entry:
  %t = alloca i64, align 8
  %cmp32 = icmp sgt i32 %argc, 2
  br i1 %cmp32, label %for.cond1.preheader, label %for.cond.cleanup

for.cond1.preheader:                              ; preds = %for.cond.cleanup4, %entry
  %indvars.iv38 = phi i64 [ %indvars.iv.next39, %for.cond.cleanup4 ], [ 1, %entry ]
  %indvars.iv36 = phi i64 [ %indvars.iv.next37, %for.cond.cleanup4 ], [ 2, %entry ]
  %arrayidx = getelementptr inbounds ptr, ptr %argv, i64 %indvars.iv38
  %arrayidx12 = getelementptr inbounds ptr, ptr %argv, i64 %indvars.iv36
  br label %for.body5

for.cond.cleanup:                                 ; preds = %for.cond.cleanup4, %entry
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %t)
  %0 = load ptr, ptr %argv, align 8
  %call17 = call i32 @pthread_create(ptr noundef nonnull %t, ptr noundef null, ptr noundef nonnull @worker, ptr noundef %0)
  %1 = load ptr, ptr %argv, align 8
  %call19 = call ptr @worker(ptr noundef %1)
  %2 = load i64, ptr %t, align 8
  %call20 = call i32 @pthread_join(i64 noundef %2, ptr noundef null)
  %3 = load i32, ptr @opt_port, align 4
  %4 = load i32, ptr @opt_verbose, align 4
  %add21 = add nsw i32 %4, %3
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %t)
  ret i32 %add21

for.cond.cleanup4:                                ; preds = %for.inc
  %indvars.iv.next39 = add nuw nsw i64 %indvars.iv38, 2
  %5 = trunc i64 %indvars.iv38 to i32
  %6 = add i32 %5, 3
  %cmp = icmp slt i32 %6, %argc
  %indvars.iv.next37 = add nuw i64 %indvars.iv36, 2
  br i1 %cmp, label %for.cond1.preheader, label %for.cond.cleanup

for.body5:                                        ; preds = %for.inc, %for.cond1.preheader
  %indvars.iv = phi i64 [ 0, %for.cond1.preheader ], [ %indvars.iv.next, %for.inc ]
  %7 = load ptr, ptr %arrayidx, align 8
  %arrayidx7 = getelementptr inbounds [2 x %struct.keyword], ptr @keywords, i64 0, i64 %indvars.iv
  %8 = load ptr, ptr %arrayidx7, align 16
  %call = tail call i32 @strcmp(ptr noundef nonnull dereferenceable(1) %7, ptr noundef nonnull dereferenceable(1) %8)
  %tobool.not = icmp eq i32 %call, 0
  br i1 %tobool.not, label %if.then, label %for.inc

if.then:                                          ; preds = %for.body5
  %parse = getelementptr inbounds i8, ptr %arrayidx7, i64 8
  %9 = load ptr, ptr %parse, align 8
  %10 = load ptr, ptr %arrayidx12, align 8
  tail call void %9(ptr noundef %10)
  br label %for.inc

for.inc:                                          ; preds = %if.then, %for.body5
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %cmp2 = icmp eq i64 %indvars.iv, 0
  br i1 %cmp2, label %for.body5, label %for.cond.cleanup4
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #0

declare i32 @strcmp(ptr nocapture noundef, ptr nocapture noundef) local_unnamed_addr

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #0

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

define internal noundef ptr @worker(ptr noundef %a) {
entry:
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body
  ret ptr null

for.body:                                         ; preds = %for.body, %entry
  %i.03 = phi i32 [ 0, %entry ], [ %inc, %for.body ]
  %and = and i32 %i.03, 1
  %idxprom = zext i32 %and to i64
  %arrayidx = getelementptr inbounds [2 x ptr], ptr @handlers, i64 0, i64 %idxprom
  %0 = load ptr, ptr %arrayidx, align 8
  tail call void %0(ptr noundef %a)
  %inc = add nuw nsw i32 %i.03, 1
  %exitcond.not = icmp eq i32 %inc, 1000
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

define internal void @parse_port(ptr nocapture noundef readonly %v) {
entry:
  %0 = load i8, ptr %v, align 1
  %conv = sext i8 %0 to i32
  store i32 %conv, ptr @opt_port, align 4
  ret void
}

define internal void @parse_verbose(ptr nocapture noundef readonly %v) {
entry:
  %0 = load i8, ptr %v, align 1
  %conv = sext i8 %0 to i32
  store i32 %conv, ptr @opt_verbose, align 4
  ret void
}

define internal void @handle_get(ptr nocapture noundef readonly %v) {
entry:
  %0 = load i8, ptr %v, align 1
  %conv = sext i8 %0 to i64
  %1 = load i64, ptr @handled, align 8
  %add = add nsw i64 %1, %conv
  store i64 %add, ptr @handled, align 8
  ret void
}

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
